# Danske tekster til history. Hver besked har sin engelske tvilling i ../en/history.ftl.ftl.

## Listen

history-title = Ordrehistorik
history-subtitle = { $count } lagt fra denne maskine eller slået op · { $pending } i gang
history-subtitle-team = { $count } lagt af teamet eller slået op · { $pending } i gang
history-team-stale = Ikke opdateret: teamets database kan ikke nås; dette er det sidst læste. Ordrer, der afgives her i mellemtiden, venter på denne computer og går til teamet, når den er tilbage.
history-look-up = Slå op
history-looking-up = Slår ordren op
history-tracking-id = Sporings-id
history-search-hint = Søg på ordrenummer, reference eller modtager
history-search-name = Søg i ordrer
history-empty = Ingen ordrer endnu
history-empty-hint = Ordrer, du lægger fra denne maskine, vises her og følges, til de er færdige.
history-empty-hint-team = Ordrer, som teamets computere lægger, vises her og følges, til de er færdige.
history-empty-team-away = Intet af teamets er læst endnu
history-empty-team-away-hint = Teamets ordrer vises her, så snart databasen kan nås; statuslinjen siger, hvornår der prøves igen.
history-no-match = Ingen ordre passer
history-no-match-hint = Prøv et andet ordrenummer, en anden reference eller modtager.
history-col-order = Ordre
history-col-reference = Reference
history-col-recipient = Modtager
history-col-status = Status
history-col-total = I alt
history-col-updated = Opdateret
history-note-held = tilbageholdt: kontoen er ændret — åbn den
history-note-uncertain = er måske allerede lagt — slå den op
history-note-unknown = tjenesten kender den ikke
history-note-waiting = { $tries ->
    [one] venter på at blive sendt ({ $tries } forsøg): { $error }
   *[other] venter på at blive sendt ({ $tries } forsøg): { $error }
}
history-note-sending = sender…
history-note-kept = gemt på denne computer: venter på teamets database

## Én ordre

history-back = ← Historik
history-order-title = Ordre { $number }
history-copy-to-draft = Kopiér til ny kladde
history-copy-to-draft-confirm = Kopiér til ny kladde…
history-order-again = Bestil igen
history-order-again-hover = En ny kladde med de samme linjer og leveringsadresse, referencen markeret som kopi; intet sendes, før du lægger ordren
history-show-in-composer = Vis i ordreformularen
history-confirmation-pdf = Ordrebekræftelse (PDF)
history-confirmation-pdf-hover = Gemmer ordrebekræftelsen (linjer, beløb, moms, leveringsdato) som PDF, hvor du vælger
history-export-csv = Eksportér CSV
history-export-csv-hover = Gemmer linjer og beløb som CSV-fil, hvor du vælger, til et regneark på dit sprog
history-copy-csv = Kopiér CSV
history-csv-copied = Ordrens CSV er kopieret til udklipsholderen.
history-copy-anyway = Kopiér alligevel
history-cancel = Annullér
history-confirmation-saved = Ordrebekræftelsen er gemt som { $path }
history-csv-not-saved = Der blev ikke valgt en fil, så CSV-filen blev ikke gemt.
history-confirmation-not-saved = Der blev ikke valgt en fil, så ordrebekræftelsen blev ikke gemt.
history-save-in-downloads = Gem i Overførsler i stedet
history-save-in-downloads-hover = Gemmer den under dens sædvanlige navn i den senest brugte mappe, ellers i Overførsler, uden at spørge (når der ikke kommer noget vindue)
history-unknown = Tjenesten kender ikke denne ordre: den har igen og igen svaret "ikke fundet" (eller noget ulæseligt) for sporings-id { $tracking }, så den tjekkes ikke længere. Den hører måske til et andet miljø, eller tjenesten har mistet den. "Tjek igen" spørger én gang til.
history-check-again = Tjek igen
history-failed-no-reason = Tjenesten gav ingen begrundelse.
history-failed-fix = Ret den i en ny kladde: "Kopiér til ny kladde" beholder det hele og får en ny nøgle.
history-outbox-waiting = { $tries ->
    [one] I udbakken: endnu ikke sendt efter { $tries } forsøg ({ $error }). Den sendes, så snart tjenesten kan nås, med samme nøgle.
   *[other] I udbakken: endnu ikke sendt efter { $tries } forsøg ({ $error }). Den sendes, så snart tjenesten kan nås, med samme nøgle.
}
history-outbox-sending = I udbakken: sendes nu.
history-outbox-kept = Gemt på denne computer: teamets database kan ikke nås. Når den er tilbage, flytter ordren ind i teamets udbakke med samme nøgle og sendes én gang derfra.
history-pending = Afventer: tjenesten lægger ordren. Den tjekkes med få sekunders mellemrum.
history-tracking-id-is = Sporings-id { $tracking }
history-fact-order-number = Ordrenummer
history-fact-placed = Afgivet
history-fact-latest-delivery = Seneste levering
history-fact-reference = Reference
history-fact-comment = Kommentar
history-fact-deliver-to = Leveres til
# Kontaktpersonen efter en adresse.
history-attention = (att. { $person })
history-fact-origin = Afsender
history-designs = Designs
history-col-size = Størrelse
history-col-qty = Antal
history-col-name = Navn
history-col-number = Nummer
history-col-values = Værdier
history-loose-transfers = Løse tryk
history-col-logo = Logo
history-col-item = Varenr.
history-col-value = Værdi
history-subtotal = Subtotal
history-vat = Moms { $rate } %
history-total = I alt
history-computed-by-service = Som beregnet af tjenesten.
history-saving-confirmation = Gemmer ordrebekræftelsen

## Tilbageholdte og usikre ordrer

history-send-to = Send til { $address }
history-send-question = Send den med kontoens nuværende indstillinger ({ $address })?
history-send-question-risky = Send den med kontoens nuværende indstillinger ({ $address })? Den er måske allerede lagt med de gamle indstillinger.
history-send-yes = Ja, send den dertil
history-back-to-draft = Tilbage til kladde
history-uncertain = Er måske allerede lagt — tjek, før du sender igen. En tidligere afsendelse kan være nået frem til tjenesten, uden at svaret nåede tilbage til logodesk, og derefter afviste tjenesten en ny afsendelse. Den sendes ikke igen af sig selv. "Slå op" spørger tjenesten igen med samme nøgle og samme ordre; kender du sporings-id'et, så tilknyt det.
history-uncertain-said = Er måske allerede lagt — tjek, før du sender igen. En tidligere afsendelse kan være nået frem til tjenesten, uden at svaret nåede tilbage til logodesk, og derefter afviste tjenesten en ny afsendelse. Tjenesten svarede: { $said } Den sendes ikke igen af sig selv. "Slå op" spørger tjenesten igen med samme nøgle og samme ordre; kender du sporings-id'et, så tilknyt det.
history-look-up-hover = Send samme nøgle og samme ordre én gang til: en lagt ordre svarer med sit sporings-id
history-looking-order-up = Slår ordren op
history-attach-name = Sporings-id for denne ordre
history-attach = Tilknyt
history-attaching = Tilknytter sporings-id'et
history-found-as = Fundet: tjenesten har denne ordre som { $number } (sporings-id { $tracking }). Den følges fra nu af.
history-found = Fundet: tjenesten har denne ordre. Den følges fra nu af.

## Tilbageholdte ordrer (orders/local.rs)

history-hold-sandbox = den indbyggede sandkasse
history-changed-sandbox-data = sandkassedata
history-changed-address = adresse
history-changed-key-header = nøgle-header
history-changed-organization = organisation
history-changed-api-key = API-nøgle
history-changed-list = { $first } og { $last }
history-hold-account-gone = Tilbageholdt: kontoen, som ordren stod i kø til, er fjernet, så den sendes ingen steder hen. Vil du afgive den med en anden konto, så kopiér den til en ny kladde (tjek først, at den ikke allerede er afgivet).
history-hold-changed = Tilbageholdt: den stod i kø til { $queued_for }, men kontoens { $what } er ændret siden, så den sendes ikke med de nye indstillinger, medmindre du siger til. Vælg "Send til { $now }" for at sende den dertil, eller "Tilbage til kladde" for at ændre den først.
history-hold-changed-risky = Tilbageholdt: den stod i kø til { $queued_for }, men kontoens { $what } er ændret siden, så den sendes ikke med de nye indstillinger, medmindre du siger til. Vælg "Send til { $now }" for at sende den dertil. En afsendelse kan allerede have nået { $queued_for }: er det en anden tjeneste, kan ordren blive afgivet to gange, hvis du sender den dertil.

## Ordren som CSV (orders/csv.rs): kolonneoverskrifter og fakta

csv-kind = type
csv-item = varenr.
csv-title = titel
csv-size = størrelse
csv-quantity = antal
csv-name = navn
csv-number = nummer
csv-value = værdi
csv-kind-design = design
csv-kind-logo = logo
csv-order-number = ordrenummer
csv-tracking-id = sporings-id
csv-reference = reference
csv-currency = valuta
csv-subtotal = subtotal
csv-vat-rate = momssats %
csv-vat = moms
csv-total = i alt
history-attach-differs = Sporings-id { $tracking } er ordren "{ $reference }" til { $recipient }, ikke "{ $own_reference }" til { $own_recipient }. Intet blev tilknyttet. Tilknyt det kun, hvis du er sikker på, at det er denne ordre.
history-attach-unsaid = Tjenesten sagde ikke, hvilken ordre sporings-id { $tracking } er, så logodesk kan ikke sammenligne den med denne. Intet blev tilknyttet. Tilknyt det kun, hvis du er sikker på, at det er denne ordre.
history-attach-anyway = Tilknyt alligevel
history-placed-elsewhere = Denne ordre blev afgivet på den adresse, den blev sat i kø til: dens sporings-id hører til der, og på { $address } ville det betegne en anden ordre eller ingen. Den bliver ved sin adresse; tilføj en konto for den adresse for at følge den.
history-filter-show = Vis
history-filter-all = Alle ordrer
history-filter-attention = Kræver opmærksomhed
history-filter-in-progress = I gang
history-filter-completed = Gennemført
history-filter-failed = Mislykket
history-filter-recipient = Modtager
history-filter-from = Fra
history-filter-to = Til
history-filter-day-hint = dd.mm.åååå
history-filter-clear = Ryd filtre
history-filter-bad-day = "{ $day }" er ikke en dato, logodesk kan læse: skriv den som 25.11.2026 eller 2026-11-25. Indtil da filtrerer den intet.
history-shown = { $count ->
    [one] 1 ordre fundet
   *[other] { $count } ordrer fundet
}
history-shown-total = { $count ->
    [one] 1 ordre fundet
   *[other] { $count } ordrer fundet
} · i alt { $total }{ $open ->
    [0] {""}
    [one] {" "}(1 ikke gennemført, endnu uden beløb)
   *[other] {" "}({ $open } ikke gennemført, endnu uden beløb)
}
history-tracking-id-invalid = Skriv sporings-id'et, et helt tal som f.eks. 50001.
history-fact-placed-by = Bestilt af
history-placed-by = lagt af { $desk }
history-listing = Finder ordrerne…
history-loading-more = Henter flere ordrer…
history-show-more = Vis flere
history-listed = { $shown } af { $count } vist
history-estimate-differs = Ordren blev lagt med et overslag på { $estimate }; tjenesten har opgjort den til { $billed }.
history-estimate-left-out = Overslaget kunne ikke prissætte:
