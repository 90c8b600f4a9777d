# Danske tekster til backend. Hver besked har sin engelske tvilling i ../en/backend.ftl.ftl.

## Fejldetaljer (support/error.rs)

backend-detail-caused-by = forårsaget af: { $cause }
backend-detail-request = Forespørgsel: { $endpoint }
backend-detail-status = HTTP-status: { $status }
backend-detail-service-said = Tjenesten svarede: { $said }
backend-detail-retry-after = Den bad om at prøve igen om { $seconds } s
backend-detail-address = Adresse: { $url }
backend-detail-reason = Årsag: { $reason }
backend-detail-at = Ved { $path }: { $message }

## Konti

backend-account-need-name = Skriv et navn til kontoen.
backend-account-need-key = Skriv kontoens API-nøgle.
backend-account-need-key-to-test = Skriv kontoens API-nøgle for at teste den.
backend-address-empty = Skriv tjenestens adresse, f.eks. https://api.example.com/.
backend-address-invalid = "{ $text }" er ikke en gyldig adresse ({ $reason }); skriv en fuld adresse som f.eks. https://api.example.com/.
backend-address-needs-https = Brug https:// til denne adresse: API-nøglen må ikke sendes ukrypteret (http:// er kun tilladt til denne computer, f.eks. http://127.0.0.1:8787/).
backend-address-not-web = "{ $scheme }://" er ikke en webadresse; brug https://, f.eks. https://api.example.com/.
backend-address-no-host = Adressen nævner ingen vært; skriv f.eks. https://api.example.com/.
backend-address-has-user = Adressen må ikke indeholde brugernavn eller adgangskode; skriv API-nøglen i sit eget felt.
backend-address-has-query = Fjern delen efter ? eller # fra adressen.

## Designs, logoer, korrektur

backend-clone-refused = Tjenesten afviste kopieringen: { $said }
backend-upload-dialog-title = Upload logo
backend-upload-dialog-filter = Billeder
backend-file-unreadable-check = Filen { $path } kan ikke læses: { $reason }. Tjek stien.
backend-file-unreadable = Filen { $path } kan ikke læses: { $reason }.
backend-not-a-file = { $path } er ikke en fil. Vælg et PNG-, JPEG- eller WebP-billede.
backend-file-too-big = Filen fylder { $size } MiB, men tjenesten tager højst { $max } MiB; eksportér den med færre pixels eller stærkere komprimering.
backend-picture-too-small = Billedet er { $width } × { $height } px; tjenesten kræver mindst { $min } px på hver led.
backend-original-colors-unknown = logodesk kender ikke logoets oprindelige farver, så en farveændring kan ikke sendes efter tjenestens regler. Åbn logoet igen, og prøv igen.
backend-proof-not-drawn = Korrekturen for { $who } kunne ikke tegnes: { $reason } Der blev ikke gemt noget korrekturark.
backend-proof-a-row = en række
backend-no-view = Tjenesten tegnede ingen visning af dette design.

## Start

backend-sandbox-off = Den indbyggede sandkasse er slået fra i denne kørsel, så Sandbox-kontoen kan ikke bruges. Vælg en anden konto under Indstillinger → Konti.
backend-sandbox-no-folder = Den indbyggede sandkasse kunne ikke oprette sin datamappe. Tjek, at din brugers datamappe er skrivbar.
backend-sandbox-not-started = Den indbyggede sandkasse kunne ikke starte, så Sandbox-kontoen kan ikke bruges. Genstart logodesk; sker det igen, så flyt sandbox.sqlite i datamappen til side.
backend-no-such-account = Der findes ingen konto med navnet "{ $name }"; Sandbox-kontoen bruges i stedet. Tilføj kontoen under Indstillinger → Konti.
backend-proof-no-reference = (ingen reference endnu)
backend-proof-design = design { $id }

## Gem som… (support/downloads.rs)

backend-save-title-csv = Gem CSV-filen
backend-save-title-confirmation = Gem ordrebekræftelsen
backend-save-title-proof-sheet = Gem korrekturarket
backend-save-title-file = Gem filen
