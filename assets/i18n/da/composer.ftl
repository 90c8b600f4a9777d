# Danske tekster til composer. Hver besked har sin engelske tvilling i ../en/composer.ftl.

## Logovælgeren (picker.rs)

composer-search-logos = Søg logoer
composer-searching-logos = Søger logoer
composer-picker-add-hint = Tilføj som løs linje
composer-no-item-no = intet varenr.
composer-picker-draft = Kladde: færdiggør kladden først

## Hent det, linjerne nævner (lookups.rs)

composer-fetching-design = Henter designet
composer-fetching-logo = Henter logoet
composer-no-item-number = intet varenummer
composer-design-not-final = Designet er ikke færdigt ({ $status }); tjenesten vil afvise ordren.
composer-design-fetch-failed = { $reason } Det bestilles efter den indtastede reference.

## Designlinjerne (designs.rs)

composer-designs = Designs
composer-designs-hint = Holdsæt: størrelser, navne og numre pr. trøje
composer-design-input-hint = Design-id eller varenummer (MUL…)
composer-design-to-add = Design, der skal tilføjes
composer-add-design = Tilføj design
composer-design-untitled = Design { $reference }
composer-design-counts = { $rows ->
    [one] { $rows } række
   *[other] { $rows } rækker
} · { $garments ->
    [one] { $garments } trøje
   *[other] { $garments } trøjer
}
composer-remove-design = Fjern design
composer-placements = Placeringer: { $placements }
composer-col-row = #
composer-col-size = Str.
composer-col-qty = Antal
composer-col-name = Navn
composer-col-number = Nummer
composer-col-value-hover = Værdi pr. placering (logoValues)
composer-row-copy = Kopiér
composer-row-copy-hover = Kopiér denne række
composer-row-remove = Fjern række
composer-row-problem = Række { $row }: { $problem }
composer-add-row = + Række
composer-roster-hint = Indsæt en holdliste: str., antal, navn, nummer (tabulator eller komma)
composer-roster = Holdliste
composer-add-pasted-rows = Tilføj indsatte rækker
composer-add-pasted-rows-hover = Rækker, der ikke kan læses, tilføjes og markeres – de udelades aldrig.
composer-import-roster = Importér holdliste…
composer-import-roster-hover = Fra en CSV- eller Excel-fil: kolonnerne kobles, og rækkerne tjekkes, før de tilføjes.

## Overslaget (estimate.rs)

composer-estimate = Overslag
composer-estimate-final-note = Tjenestens priser er endelige: dens beløb erstatter dette overslag, når ordren er gennemført.
composer-estimate-empty = Tilføj et design eller et logo for at se prisen.
composer-confirm-title = Læg ordre „{ $reference }“?
composer-confirm-note = Ordren sendes én gang og kan ikke ændres bagefter. Beløbene er et overslag; tjenestens priser er endelige.
composer-deliver-to = Levering til
composer-place-order = Læg ordre
composer-cancel = Annullér
composer-badge-partial = DELVIST
composer-badge-partial-hover = Nogle linjer eller gebyrer er ikke med; se nedenfor.
composer-badge-estimate = OVERSLAG
# $shown er $count skrevet i sprogets format.
composer-line-garments = { $count ->
    [one] { $shown } trøje
   *[other] { $shown } trøjer
}
composer-line-pieces = { $count ->
    [one] { $shown } stk.
   *[other] { $shown } stk.
}
composer-vat = Moms { $rate } %
composer-subtotal = Subtotal
composer-total = I alt
composer-subtotal-spoken = Anslået subtotal { $amount }
composer-vat-spoken = Anslået moms { $amount }
composer-total-spoken = Anslået i alt { $amount }
composer-not-estimated = Ikke med i overslaget:

## Ordrehovedet og leveringsadressen (header.rs)

composer-order = Ordre
composer-field-reference = Reference *
composer-field-reference-hint = Indkøbsnr. eller jeres egen reference
composer-field-organization = Organisation
composer-field-organization-hint = egen (eller en underorganisations id)
composer-field-email = E-mail til besked
composer-field-email-hint = ordre@klub.dk
composer-field-contact-name = Kontaktnavn
composer-field-origin = Ordrens oprindelse
composer-field-origin-hint = f.eks. Webshop
composer-field-comment = Kommentar
composer-delivery-address = Leveringsadresse
composer-field-name = Navn *
composer-field-name-hint = Klub eller modtager
composer-field-street = Gade *
composer-field-zip = Postnummer *
composer-field-city = By *
composer-field-country = Land *
composer-field-contact-person = Kontaktperson
composer-recent-address = Brug en nylig adresse…
composer-address-search-hint = Søg navn, gade eller by
composer-address-search = Søg adresser
composer-address-none = Ingen nylig adresse passer.
composer-recent-addresses = Nylige adresser
composer-country-choose = Vælg…
composer-country-search-hint = Søg navn eller kode
composer-country-search = Søg lande
composer-country-none = Intet land passer; prøv det danske eller engelske navn eller landekoden.
composer-country = Land

## De løse logolinjer (logos.rs)

composer-loose = Løse tryk
composer-loose-hint = Logoer, der sendes, som de er; søg dem her, vælg dem under Logoer → Bestil…, eller tilføj dem med nummer
composer-logo-untitled = Logo { $reference }
composer-remove-logo = Fjern
composer-quantity = Antal
composer-storage = Lager
composer-text = Tekst
composer-logo-input-item-no-hint = Varenummer, f.eks. 300036
composer-logo-input-id-hint = Logo-id, f.eks. 10036
composer-logo-to-add = Logo, der skal tilføjes
composer-by-item-number = med varenummer
composer-add-logo = Tilføj logo
composer-col-digits = Cifre
composer-add-digit = + Ciffer

## Siden (mod.rs)

composer-prepare-failed = Ordren kunne ikke gøres klar til afsendelse.
composer-title-placed = Lagt ordre
composer-title-new = Ny ordre
composer-subtitle-draft = Gemmes, mens du skriver. Læg ordren, når alle felter er i orden.
composer-subtitle-placed = En lagt ordre kan ikke ændres; kopiér den til en ny kladde for at rette og sende igen.
composer-subtitle-creating = Opretter en kladde…
composer-copy-anyway = Kopiér alligevel
composer-team-kept = Teamets database kan ikke nås: det, du skriver, gemmes på denne computer og går tilbage til teamet, når databasen kan nås igen.
composer-copy-to-draft = Kopiér til ny kladde
composer-place-order-ellipsis = Læg ordre…
composer-place-ready-hover = Viser overslaget og adressen en gang til; ordren sendes én gang og prøves igen med samme nøgle, til tjenesten svarer.
composer-place-problems-hover = Viser alt, der skal rettes først, markeret med rødt.
composer-duplicate = Duplikér
composer-duplicate-hover = En ny kladde med samme indhold
composer-to-fix = { $count ->
    [one] { $count } ting at rette
   *[other] { $count } ting at rette
}
composer-state-draft = Kladde
composer-state-queued = I udbakken
composer-state-sent = Afventer
composer-state-completed = Gennemført
composer-state-failed = Mislykket
composer-state-uncertain = Skal tjekkes
composer-state-unknown = Ukendt

## En holdliste importeret fra en fil (import.rs)

composer-choosing-roster = Vælger en holdlistefil
composer-reading-roster-file = Læser holdlistefilen
composer-roster-no-file = Der blev ikke valgt nogen fil. Kom der ingen fildialog frem, har dette skrivebord ingen: indsæt holdlisten i feltet i stedet.
composer-reading-roster = Læser holdlisten…
composer-close = Luk
composer-roster-from = Holdliste fra { $file }
composer-first-row-header = Første række er en overskrift
composer-numbers-twice = Numre brugt to gange i dette design: { $numbers }
composer-rows-marked = { $count ->
    [one] { $marked } af { $count } række er markeret: den tilføjes også, så du kan rette den i tabellen.
   *[other] { $marked } af { $count } rækker er markeret: de tilføjes også, så du kan rette dem i tabellen.
}
composer-add-rows = { $count ->
    [one] Tilføj { $count } række
   *[other] Tilføj { $count } rækker
}
composer-column = Kolonne { $column }: { $first }
composer-number-twice = Nummer { $number } er brugt to gange i dette design.
composer-roster-over-line = Med disse { $count } rækker ville designet have { $total }, og tjenesten tager højst { $max } rækker til ét design. Importér en kortere holdliste, eller fjern først rækker fra designet.

## Holdlistens korrektur og korrekturarket (proof.rs)

composer-proof-show-row = Vis række { $row } i korrekturen
composer-proof-row-marked-hover = { $why } Klik for at se rækken i korrekturen.
composer-row-number-twice = Nummer { $number } står også på en anden række i dette design; ret en af dem.
composer-paste-cut = { $count ->
    [one] En indsat række havde flere celler end str., antal, navn og nummer; cellerne efter nummeret kom ikke med.
   *[other] { $count } indsatte rækker havde flere celler end str., antal, navn og nummer; cellerne efter nummeret kom ikke med.
}
composer-proof-row-hover = Vis rækkens navn og nummer i korrekturen
composer-proof-needs-id = En korrektur kræver designets id: tjenesten kan ikke slå designs op efter varenummer.
composer-proof-drawing = Tegner korrekturen
composer-proof = Korrektur
composer-proof-sheet = Korrekturark…
composer-proof-sheet-hover = En PDF med én blok pr. række, som klubben kan godkende
composer-proof-sheet-disabled = Tilføj rækker først
composer-proof-row = Række { $row }
composer-proof-sample = Eksempeltekst: klik på en rækkes nummer for at se dens navn og nummer
composer-proof-drawing-ellipsis = Tegner korrekturen…
composer-try-again = Prøv igen
composer-proof-view-alt = { $view } af korrekturen
composer-sheet-about = En PDF, som klubben kan godkende: ordrens reference, klub og dato, designet og én blok pr. række ({ $rows ->
    [one] { $rows } række
   *[other] { $rows } rækker
}) med størrelse, navn, nummer, for- og bagside tegnet med rækkens værdier. Du vælger, hvor den gemmes, før den tegnes.
composer-sheet-progress = Tegner rækker: { $done } af { $total }
composer-sheet-create = Lav PDF
composer-sheet-saved = Gemt { $path }
composer-sheet-value = Værdi
composer-sheet-making = Laver korrekturarket

## Ordreskærmen: faner, kladder og beskeder (../mod.rs)

composer-creating-draft = Opretter en kladde
composer-saved-proof-sheet = Korrekturarket er gemt som { $path }
composer-saved-confirmation = Ordrebekræftelsen er gemt som { $path }
composer-order-completed = Ordre { $name } ({ $reference }) er gennemført.
composer-no-reason = ingen årsag oplyst
composer-order-failed = Ordre { $name } ({ $reference }) fejlede: { $why }
composer-order-uncertain = Ordre { $name } er måske allerede lagt: tjenesten afviste at modtage den igen, efter at en tidligere afsendelse måske nåede frem. Åbn den i Historik, og slå den op, før du lægger den igen.
composer-order-unknown = Tjenesten kender ikke ordre { $name } (sporings-id { $tracking }); den tjekkes ikke længere. Åbn den i Historik for at tjekke igen.
composer-tab-compose = Opret
composer-tab-drafts = Kladder ({ $count })
composer-tab-drafts-stale = Kladder ({ $count }, ikke opdateret)
composer-new-order-button = + Ny ordre
composer-empty-title = Opret en ordre
composer-empty-body = Holdsæt med størrelser, navne og numre samt løse tryk. Kladder gemmes, mens du skriver.
composer-drafts-empty-title = Ingen kladder
composer-drafts-empty-body = Ordrer under oprettelse gemmes her, til de er lagt.
composer-drafts-team-stale = Ikke opdateret: teamets database kan ikke nås; dette er de sidst læste kladder. Kladder, du laver her i mellemtiden, gemmes på denne computer og går til teamet, når den er tilbage.
composer-drafts-empty-team-away = Ingen af teamets kladder er læst endnu
composer-drafts-empty-team-away-body = Teamets kladder vises her, så snart databasen kan nås; en kladde, du laver her i mellemtiden, står her med det samme.
composer-drafts-reference = Reference
composer-drafts-recipient = Modtager
composer-drafts-last-change = Senest ændret
composer-drafts-no-reference = (ingen reference endnu)
composer-drafts-open = Åbn
composer-drafts-delete = Slet

## Ordrens egne sætninger (src/orders: kontrol, noter til overslaget, holdlistens rækker)

orders-copy-risk = Ordren er måske allerede lagt: en afsendelse kan have nået tjenesten, som ikke har bekræftet den. En kopi får en ny nøgle, så lægges kopien, kan ordren blive lagt to gange. Slå den op først; kopiér den kun, hvis du er sikker på, at den ikke blev lagt.
orders-reference-copy = { $reference } (kopi)
orders-vat-guess-no-country = Intet leveringsland endnu: moms på { $rate } % er et gæt.
orders-vat-guess = Momssatsen for { $country } kendes ikke her: { $rate } % er et gæt.
orders-column-size = Str.
orders-column-quantity = Antal
orders-column-name = Navn
orders-column-number = Nummer
orders-column-skip = (spring over)
orders-row-no-size = Ingen størrelse.
orders-row-bad-quantity = Antal "{ $quantity }" er ikke et helt tal over 0.
orders-row-bad-number = Nummer "{ $number }" indeholder andet end cifre.
orders-enter-quantity = Angiv et antal.
orders-not-whole-number = "{ $text }" er ikke et helt tal.
orders-enter-design = Angiv designets id eller varenummer (MUL…).
orders-enter-logo = Vælg et logo, eller angiv dets id eller varenummer.
orders-design-named = Design { $reference }
orders-logo-named = Logo { $reference }
orders-unknown-garment-quantity = { $name }: et antal trøjer er ikke et helt tal.
orders-unknown-no-garments = { $name }: ingen trøjer endnu.
orders-unknown-by-item-number = { $name }: tjenesten kan ikke slå et design op ud fra varenummer, så det kan ikke prissættes.
orders-unknown-design = { $name }: designet kendes ikke helt endnu.
orders-unknown-placement-logo = { $name }: logo { $logo } i en placering kendes ikke helt.
orders-unknown-placements = { $name }: nogle placeringer kunne ikke læses ({ $keys }).
orders-left-out-heating = { $name }: varmegebyret for kode { $code } kendes ikke – ikke medregnet.
orders-unknown-logo = { $name }: logoet kendes ikke helt endnu.
orders-unknown-unreadable = { $name }: et antal eller et ciffer kan ikke læses.
orders-unknown-no-quantity = { $name }: intet antal endnu.

## Filer og referencer (roster_import.rs, csv.rs, form.rs)

roster-file-unreadable = Filen kunne ikke læses ({ $reason }). Tjek, at den stadig findes, og at du må åbne den.
roster-file-too-large = Filen fylder { $mib } MiB; en holdliste er meget mindre. Vælg holdlistens CSV- eller Excel-fil.
roster-file-not-spreadsheet = Regnearket kunne ikke læses ({ $reason }). Gem det som XLSX (Excel-projektmappe) eller CSV, og prøv igen.
roster-file-empty = Filen har ingen rækker. Vælg filen med holdlisten.
roster-file-too-many-rows = Filen har mere end { $max } rækker, og en designlinje tager højst { $max }. Hav højst { $max } spillere i filen (en større holdliste deles på to ordrer), og importér den igen.
roster-file-too-many-columns = Række { $row } i filen har en celle i kolonne { $column }, og en holdliste har højst { $max } kolonner. Slet de kolonner, holdlisten ikke skal bruge, gem filen, og importér den igen.
roster-file-cell-too-long = Cellen i række { $row }, kolonne { $column } indeholder mere end { $max } tegn – mere end noget navn eller nogen størrelse. Gør den kortere, eller slet dens kolonne, gem filen, og importér den igen.
roster-file-unpacks-too-large = Regnearket fylder mere end { $mib } MiB udpakket – langt mere end en holdliste. Kopiér holdlistens rækker til en ny projektmappe (eller gem dem som CSV), og importér den.
roster-file-old-format = Filen er en binær Excel-projektmappe (.xlsb), som logodesk ikke læser. Åbn den i dit regneark, gem den som Excel-projektmappe (.xlsx) eller som CSV, og importér den.
roster-file-excel-95 = Filen er en Excel 5.0/95-projektmappe, ældre end logodesk kan læse. Åbn den i dit regneark, gem den som Excel-projektmappe (.xlsx) eller som CSV, og importér den.
orders-csv-failed = logodesk kunne ikke skrive ordren som CSV ({ $reason }).
orders-design-ref-shape = "{ $text }" er ikke et design-id eller varenummer. Skriv designets id (kun cifre, f.eks. 20001) eller dets varenummer (MUL og cifre, f.eks. MUL123456).
orders-digit-split = "{ $digit }" trykkes som { $parts }
composer-export-roster = Eksportér holdliste…
composer-export-roster-hover = Gem linjens rækker som regnearksfil (CSV) med de overskrifter, importen kender.
composer-roster-template = Skabelon til holdliste…
composer-roster-template-hover = Gem en tom holdliste med de overskrifter, importen kender, som klubben kan udfylde.
composer-roster-file-name = holdliste-{ $title }.csv
composer-roster-template-file-name = holdliste-skabelon.csv
composer-roster-path = Fil:
composer-roster-path-hint = Holdlistens sti, fx C:\Users\…\holdliste.xlsx
composer-roster-read = Læs fil
composer-roster-drop-hint = Du kan også trække filen over på designlinjen.
composer-drop-roster-placed = Ordren er lagt; dens holdlister kan ikke ændres. Kopiér den til en ny kladde for at bruge holdlisten der.
composer-drop-roster-no-line = Tilføj først en designlinje, og træk så holdlisten over på den.
composer-column-choice = Hvad kolonne { $column } indeholder

## Klubbens godkendelse af korrektur (proof.rs, orders/approval.rs)

approval-status-not-sent = Korrektur ikke sendt
approval-status-sent = Korrektur sendt
approval-status-approved = Godkendt
approval-status-changes = Ændringer ønsket
approval-status-stale = Ændret siden korrekturen
approval-mark-sent = Korrektur sendt…
approval-mark-sent-hover = Laver linjens korrekturark, gemmer den PDF sammen med ordren og markerer den som sendt til klubben.
approval-sending = Laver korrekturarket, der gemmes …
approval-record = Klubbens svar…
approval-record-hover = Notér, hvad klubben sagde til den sendte korrektur: godkendt eller ændringer ønsket.
approval-record-disabled = Send korrekturen først: markér den som sendt, og notér så klubbens svar.
approval-open-proof = Åbn korrektur
approval-open-failed = Korrekturen i { $path } kunne ikke åbnes. Åbn den fra mappen.
approval-approved-by = Godkendt af { $who }, { $when }
approval-changes-by = Ændringer ønsket af { $who }, { $when }
approval-sent-at = Korrektur sendt { $when }
approval-note-shown = “{ $note }”
approval-stale = Ændret siden korrekturen ({ $changes }): send en ny korrektur, som klubben kan godkende.
approval-change-design = design
approval-change-added = { $count ->
    [one] en række tilføjet
   *[other] { $count } rækker tilføjet
}
approval-change-removed = { $count ->
    [one] en række fjernet
   *[other] { $count } rækker fjernet
}
approval-change-sizes = størrelser
approval-change-quantities = antal
approval-change-names = navne
approval-change-numbers = numre
approval-change-values = trykte tekster
approval-record-about = Hvad sagde klubben til den sendte korrektur?
approval-who = Hvem i klubben:
approval-who-hint = fx trænerens navn
approval-note = Note:
approval-approved = Godkendt
approval-changes-asked = Ændringer ønsket
approval-line = Linje { $line } · { $design }
approval-ask-title = Ikke alle korrekturer er godkendt
approval-ask-note = { $count ->
    [one] Klubben har ikke godkendt korrekturen af denne linje:
   *[other] Klubben har ikke godkendt korrekturerne af disse { $count } linjer:
}
approval-place-anyway = Læg ordren alligevel
approval-error-not-sent = Der er ikke sendt nogen korrektur af denne linje. Markér korrekturen som sendt først, og notér så klubbens svar.
approval-error-stale = Linjen er ændret, efter korrekturen blev sendt, så klubbens svar ville gælde en anden korrektur. Send en ny korrektur først.
approval-error-no-name = Skriv, hvem i klubben der svarede.

## To personer på én kladde (et teams)
composer-another-desk = et andet skrivebord
composer-editing-elsewhere = { $name } redigerer denne kladde (siden { $since }). Du ser den skrivebeskyttet; den følger deres ændringer.
composer-taken-over = { $name } overtog denne kladde ({ $since }). Det, du har skrevet siden din sidste gemning, står her stadig, men er ikke gemt i den.
composer-changed-elsewhere = { $name } ændrede denne kladde { $at }, mens du redigerede den. Din udgave står her stadig, ikke gemt.
composer-take-over = Overtag
composer-take-over-hover = Rediger den her; det andet skrivebord ser den skrivebeskyttet herefter
composer-keep-mine = Behold min
composer-keep-mine-hover = Gem din udgave oven i deres
composer-use-theirs = Brug deres
composer-use-theirs-hover = Vis deres udgave; det, du har skrevet her, kasseres
composer-save-mine-as-new = Gem min som ny kladde
composer-save-mine-as-new-hover = Din udgave bliver en kladde for sig; denne kladde beholder deres
composer-kept-as-new = Din udgave af “{ $reference }” blev gemt som en ny kladde (et andet skrivebord ændrede kladden).
composer-drafts-editing = { $changed } · { $name } redigerer
composer-alike-title = Er ordren allerede lagt?
composer-alike-note = { $number } med referencen „{ $reference }“ og de samme linjer blev lagt { $when }. Lægges denne også, får klubben to ordrer.
composer-alike-note-desk = { $number } med referencen „{ $reference }“ og de samme linjer blev lagt { $when } fra { $desk }. Lægges denne også, får klubben to ordrer.
composer-alike-unnumbered = Ordre { $id }
composer-alike-keep = Behold som kladde
composer-alike-again = Læg den igen

## Klubbens egen godkendelse på dens side (holdets afsender viser den)
composer-club-title = Klubbens godkendelse
composer-club-ask = Bed klubben godkende…
composer-club-resend = Send igen…
composer-club-ask-hover = Laver hver designlinjes korrekturark, gemmer det med ordren, og et link til en side, hvor klubben godkender hver række på sin egen telefon (eller retter en række). Kun de rækker, der er ændret siden klubbens sidste godkendelse, bliver spurgt igen.
composer-club-ask-disabled = Hver designlinje skal have sine rækker først, og intet korrekturark må være i gang.
composer-club-withdraw = Træk tilbage
composer-club-withdraw-hover = Klubbens link holder op med at virke med det samme; intet af det, klubben svarede før, ændres.
composer-club-making = Laver korrekturark og klubbens side…
composer-club-contact = Kontakt i klubben:
composer-club-contact-hint = fx Mette Hansen
composer-club-contact-missing = Skriv, hvem i klubben der spørges.
composer-club-email = E-mail:
composer-club-language = Klubbens sprog:
composer-club-make = Lav link
composer-club-link-made = Et link til { $name }: { $asked } af { $rows } { $rows ->
    [one] række
   *[other] rækker
} spurgt, åbent til { $until }. Kopiér det, mail det eller lad dem scanne koden; det vises kun nu (Send igen laver et nyt).
composer-club-copy = Kopiér link
composer-club-mail = Send som e-mail…
composer-club-mail-no-address = Skriv kontaktens e-mail for at maile linket.
composer-club-qr-hover = Det samme link: scannet med en telefons kamera åbner det klubbens side.
composer-club-waiting = Venter på { $who } siden { $since }
composer-club-withdrawn = Linket til { $who } blev trukket tilbage.
composer-club-replaced = Linket til { $who } blev erstattet af et nyere.
composer-club-expired = Linket til { $who } udløb { $when } uden svar. Send igen laver et nyt.
composer-club-answered = { $line } ({ $who }, { $when })
composer-club-approved = { $club } godkendte { $rows ->
    [one] rækken
   *[other] alle { $rows } rækker
}
composer-club-corrected = { $club } godkendte { $approved } af { $rows } { $rows ->
    [one] række
   *[other] rækker
}, { $count ->
    [one] 1 rettelse
   *[other] { $count } rettelser
}
composer-club-changes = { $club } bad om ændringer
composer-club-asked-by = Spurgt af { $who } ({ $rows } af { $all } { $all ->
    [one] række
   *[other] rækker
})
composer-club-suggestion = Linje { $line }, række { $row }: { $field } „{ $was }“ → „{ $now }“
composer-club-apply = Brug
composer-club-apply-all = Brug alle rettelser
composer-club-field-name = navn
composer-club-field-number = nummer
composer-club-field-size = størrelse
composer-club-mail-subject = Korrektur til godkendelse: { $reference }
composer-club-mail-body = Kære { $name }

    { $shop } beder dig godkende korrekturen af ordre { $reference }, før den trykkes. Åbn linket, tjek hvert navn, nummer og størrelse, og godkend, ret en række eller bed om ændringer:

    { $link }

    Linket virker til { $until }.

    Med venlig hilsen
    { $shop }
composer-club-mail-subject-plain = En korrektur til godkendelse fra { $shop }
composer-club-mail-body-plain = Kære { $name }

    { $shop } beder dig godkende en korrektur, før den trykkes. Åbn linket, tjek hvert navn, nummer og størrelse, og godkend, ret en række eller bed om ændringer:

    { $link }

    Linket virker til { $until }.

    Med venlig hilsen
    { $shop }
composer-club-logo-approved = { $club } godkendte logoet
composer-club-intro = Klubben godkender korrekturen på sin egen telefon: hver rækkes navn, nummer og størrelse, som de bliver trykt. Svaret når frem til alle holdets skriveborde.
