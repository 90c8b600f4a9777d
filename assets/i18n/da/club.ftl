# The club room's pages (src/club/html.rs), in the club's language.
club-title = Korrektur { $reference }
club-heading = Korrektur til godkendelse
club-order = { $club } · reference { $reference }
club-intro = Hej { $contact }. Se hver række efter, som den bliver trykt: navn, nummer og størrelse. { $rows ->
    [one] Én række venter på dit svar
   *[other] { $rows } rækker venter på dit svar
} (af { $all }).
club-row = Række { $n }
club-picture-alt = { $view }, række { $n }
club-name = Navn
club-number = Nummer
club-size = Størrelse
club-quantity-label = Antal
club-quantity = Antal: { $quantity }
club-row-approved-before = ✓ Godkendt tidligere, uændret
club-who = Dit navn
club-terms-default = Vi trykker præcis det, du godkender.
club-approve = { $rows ->
    [one] Godkend rækken
   *[other] Godkend alle { $rows } rækker
}
club-ask-changes = Bed om ændringer
club-what-changes = Hvad skal ændres?
club-send-changes = Send ønsket om ændringer
club-correct-link = Ret en række (navn, nummer eller størrelse) …
club-correct-intro = Ret navn, nummer eller størrelse i de rækker, der er forkerte. Resten godkender du, som de er.
club-correct-send = Send rettelserne og godkend resten
club-back = Tilbage til korrekturen
club-footer = Siden viser én ordre fra { $shop }. Linket er personligt: del det kun med dem, der skal godkende.
club-done-title = Tak, dit svar er modtaget
club-done-approved = Godkendt af { $who } den { $when }.
club-done-changes = { $who } bad om ændringer den { $when }.
club-done-corrected = { $who } rettede { $count ->
    [one] én række
   *[other] { $count } rækker
} og godkendte resten den { $when }.
club-done-correction = Række { $n }: { $field } „{ $was }“ → „{ $now }“
club-done-next = Butikken får besked med det samme. Skal noget ændres bagefter, så kontakt butikken.
club-problem-no-name = Skriv dit navn, så butikken ved, hvem der har svaret.
club-problem-no-note = Skriv, hvad der skal ændres.
club-problem-nothing-corrected = Du har ikke rettet noget. Ret en værdi, eller gå tilbage og godkend.
club-problem-too-long = Teksten er for lang. Gør den kortere.
club-problem-no-choice = Vælg Godkend, Bed om ændringer eller Ret en række.
club-problem-other-version = Korrekturen er ændret, siden du åbnede siden. Se den igen, og svar derefter.
club-gone-unknown-title = Linket virker ikke
club-gone-unknown = Linket åbner ingen korrektur. Tjek, at hele linket er kopieret fra mailen, eller bed butikken om et nyt.
club-gone-expired-title = Linket er udløbet
club-gone-expired = Linket udløb den { $when }. Bed { $shop } om et nyt link.
club-gone-replaced-title = Der er en nyere korrektur
club-gone-replaced = { $shop } har sendt et nyere link til denne korrektur. Brug det nyeste link; det her svarer ikke længere.
club-gone-withdrawn-title = Korrekturen er trukket tilbage
club-gone-withdrawn = { $shop } har trukket korrekturen tilbage. Kontakt butikken, hvis du mangler at svare.
club-too-many = For mange forsøg fra din adresse. Vent ti minutter, og åbn så linket igen.
club-too-large = Svaret er for stort til at blive modtaget. Gør noten kortere, og send igen.
club-busy = Korrekturen kan ikke vises lige nu. Prøv igen om et minut.
club-busy-posted = Dit svar kunne ikke bekræftes lige nu; det kan være modtaget. Åbn linket igen om et minut for at se, om det er registreret, før du svarer igen.
club-room-busy = Teamets database svarede ikke i tide.
club-room-not-listening = Klubrummet kan ikke lytte på { $address }: { $reason }. Vælg en anden adresse med --club-room-listen.
club-room-serving = Klubrummet lytter på { $address }; klubbernes links går til { $public }.
club-tls-unreadable = Klubrummets certifikatfil { $path } kunne ikke læses ({ $reason }). Tjek stien, og at afsenderens bruger må læse den.
club-tls-no-certificate = { $path } indeholder intet certifikat (PEM, “-----BEGIN CERTIFICATE-----”). Angiv butikkens certifikatkæde med serverens certifikat først.
club-tls-no-key = { $path } indeholder ingen privat nøgle (PEM, “-----BEGIN PRIVATE KEY-----” eller RSA/EC-typerne). Angiv nøglen til klubrummets certifikat.
club-tls-refused = Klubrummets certifikat og nøgle kan ikke bruges sammen ({ $reason }). Tjek, at nøglen hører til certifikatet.
club-logo-title = Logo { $title }
club-logo-heading = Logo til godkendelse
club-logo-order = { $club } · logo „{ $title }“
club-logo-intro = Hej { $contact }. Tjek logoet, som det bliver trykt: farver, transfermetode og størrelse.
club-logo-before = Som det blev sendt
club-logo-after = Som det bliver trykt
club-logo-picture-alt = Logoet { $title }: { $state }
club-logo-method = Transfermetode
club-logo-size = Størrelse
club-logo-size-mm = { $width } × { $height } mm
club-logo-colors = Farver
club-logo-color-changed = { $was } → { $now }
club-logo-approve = Godkend logoet
club-footer-logo = Siden viser ét logo fra { $shop }. Linket er personligt: del det kun med dem, der godkender.
