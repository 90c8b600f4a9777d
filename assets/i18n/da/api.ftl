# Danske tekster til klientens sætninger (src/api/error.rs vælger beskeden og dens argumenter,
# src/i18n/api.rs viser den); hver har sin engelske tvilling i ../en/api.ftl.

## Netværk og status

api-network-timeout = Tjenesten på { $url } svarede ikke i tide. Tjek dit netværk, og prøv igen.
api-network-connect = Kunne ikke nå { $url }: { $reason }. Tjek adressen og dit netværk, og prøv igen.
api-network-other = Forbindelsen til { $url } blev afbrudt: { $reason }. Tjek dit netværk, og prøv igen.
api-intermediary-gateway = En proxy eller gateway mellem dig og tjenesten svarede i stedet for den ({ $code }) ved kaldet til { $url }. Tjek dit netværk, og prøv igen om et øjeblik.
api-intermediary-page = En side fra det netværk, du er på, svarede i stedet for tjenesten på { $url } — log ind på Wi-Fi'et, og prøv igen (på et firmanetværk: spørg IT, om tjenesten er blokeret).
api-intermediary-certificate = Forbindelsens certifikat er ikke tjenestens ({ $url }) — et netværk, der kigger med i trafikken, eller en forkert adresse. Tjek adressen under Indstillinger → Konti, eller prøv et andet netværk.
api-intermediary-proxy-auth = Proxyen på { $proxy } beder om brugernavn og adgangskode — skriv dem i proxyadressen som http://bruger:adgangskode@vært:port i HTTPS_PROXY, eller spørg IT.
api-intermediary-proxy-auth-unnamed = Netværkets proxy beder om brugernavn og adgangskode — skriv dem i proxyadressen som http://bruger:adgangskode@vært:port i HTTPS_PROXY, eller spørg IT.
api-intermediary-proxy-refused = Proxyen på { $proxy } ville ikke forbinde til tjenesten på { $url }. Spørg IT, om tjenesten må nås gennem den, og prøv igen.
api-intermediary-proxy-refused-unnamed = Netværkets proxy ville ikke forbinde til tjenesten på { $url }. Spørg IT, om tjenesten må nås gennem den, og prøv igen.
api-status-401 = Din API-nøgle blev ikke godkendt (401). Tjek nøglen under Indstillinger → Konti.
api-status-401-said = Din API-nøgle blev ikke godkendt (401): { $said }. Tjek nøglen under Indstillinger → Konti.
api-status-403 = Din konto må ikke gøre dette (403 Forbidden).
api-status-403-said = Din konto må ikke gøre dette (403 Forbidden): { $said }
api-status-404 = { $subject } blev ikke fundet, eller din konto har ikke adgang til det.
api-status-404-unnamed = Det, du bad om, blev ikke fundet, eller din konto har ikke adgang til det.
api-not-offered-design-views = Denne tjeneste tegner ikke designvisninger.
api-not-offered-design-thumbnail = Denne tjeneste tegner ikke miniaturer af designs.
api-not-offered-health-check = Denne tjeneste har intet sundhedstjek.
api-status-429 = Tjenesten får for mange forespørgsler (429). Prøv igen om et øjeblik.
api-status-429-in = Tjenesten får for mange forespørgsler (429). Prøv igen om { $seconds ->
    [one] { $seconds } sekund
   *[other] { $seconds } sekunder
}.
api-status-5xx = Tjenesten havde et problem ({ $code }). Prøv igen om et øjeblik.
api-status-refused = Tjenesten afviste forespørgslen ({ $status }).
api-status-refused-said = Tjenesten afviste forespørgslen ({ $status }): { $said }
api-decode = Tjenestens svar på { $endpoint } kunne ikke læses (ved `{ $path }`: { $message }); denne version af logodesk skal måske opdateres.
api-implausible = Tjenestens svar på { $endpoint } indeholder en umulig værdi (ved `{ $path }`: { $message }), så logodesk brugte det ikke. Prøv igen senere; sker det igen, så kontakt tjenestens support.
api-too-large = Tjenestens svar på { $endpoint } er større end { $limit }, det meste logodesk læser, så det blev ikke læst. Prøv igen senere; sker det igen, så kontakt tjenestens support.
api-validation-none = Forespørgslen blev ikke sendt, fordi den er ufuldstændig.
api-validation-one = Forespørgslen blev ikke sendt: { $first }
api-validation-many = Forespørgslen blev ikke sendt på grund af { $count } problemer; det første: { $first }

## Hvad en forespørgsel handlede om (starten på en 404-sætning)

api-subject-logo = Logo { $id }
api-subject-logo-item-no = Logoet med varenummer { $item }
api-subject-design = Design { $id }
api-subject-style = Model { $id }
api-subject-task = Vektoriseringsopgave { $id }
api-subject-order = Ordre { $id }
api-subject-health = Sundhedstjekket
api-subject-upload = Upload-adressen
api-subject-orders = Ordre-adressen

## Klientens opsætning

api-config-address-invalid = Tjenestens adresse "{ $address }" er ikke gyldig ({ $reason }). Skriv en fuld adresse som https://api.example.com/.
api-config-address-not-web = Tjenestens adresse "{ $address }" er ikke gyldig: den skal begynde med https:// og nævne en vært.
api-config-address-unencrypted = Tjenestens adresse "{ $address }" bruger http://, så API-nøglen ville blive sendt ukrypteret; brug https:// (http:// er kun tilladt for denne computer, f.eks. http://127.0.0.1:8787/). Ret den under Indstillinger → Konti.
api-config-address-has-user = Tjenestens adresse må ikke indeholde brugernavn eller adgangskode; skriv API-nøglen i nøglefeltet i stedet.
api-config-no-key = Der er ingen API-nøgle. Skriv nøglen under Indstillinger → Konti.
api-config-key-unsendable = API-nøglen indeholder tegn, der ikke kan sendes, f.eks. mellemrum eller linjeskift. Indsæt den igen under Indstillinger → Konti.
api-config-http-client = HTTP-klienten kunne ikke sættes op ({ $reason }). Genstart logodesk, og prøv igen.
api-config-path = Adressen til { $path } kunne ikke dannes ud fra tjenestens adresse ({ $reason }).
api-config-idempotency-key = Idempotensnøglen indeholder tegn, der ikke kan sendes.
api-config-upload-twice = En upload kan ikke sendes to gange; start uploaden igen.
api-config-body = Forespørgslen kunne ikke forberedes ({ $reason }).
api-config-query = Forespørgslen kunne ikke forberedes: den skal være en flad samling værdier.

## Klientens kontrol før afsendelse

api-rule-quantity-too-small = Antallet skal være mindst 1, ikke { $quantity }.
api-rule-storage-negative = Lagerantallet kan ikke være negativt (det er { $quantity }); brug 0, eller lad feltet stå tomt.
api-rule-nothing-to-order = Tilføj mindst ét design eller logo til ordren.
api-rule-no-reference = Skriv en reference, f.eks. jeres indkøbsnummer.
api-rule-email-implausible = "{ $email }" ligner ikke en e-mailadresse; ret den, eller lad feltet stå tomt.
api-rule-recipient-missing = Skriv modtagerens navn.
api-rule-street-missing = Skriv gadeadressen.
api-rule-zip-missing = Skriv postnummeret.
api-rule-city-missing = Skriv byen.
api-rule-country-missing = Skriv landekoden med 2 bogstaver, f.eks. DK.
api-rule-country-lowercase = Skriv landekoden med store bogstaver: "{ $upper }".
api-rule-country-not-code = "{ $given }" er ikke en landekode med 2 bogstaver; brug en som DK, SE eller DE.
api-rule-design-ref-missing = Skriv designets varenummer (f.eks. MUL123456).
api-rule-no-sizes = Tilføj mindst én størrelse og et antal til dette design.
api-rule-too-many-instances = Dette design har { $count } rækker med størrelser og navne; tjenesten tager højst { $max } pr. design. Fjern rækker, eller bestil resten i en anden ordre.
api-rule-size-missing = Skriv en størrelse, f.eks. M, L eller XL.
api-rule-number-not-digits = Nummeret "{ $number }" må kun indeholde cifrene 0–9.
api-rule-placeholder-empty = Skriv teksten til pladsholder-logo { $logo }, eller fjern værdien.
api-rule-logo-sku-missing = Skriv logoets varenummer.
api-rule-number-logo-by-quantity = { $logo } er et nummerlogo: bestil det efter cifre (hvilke cifre, og hvor mange af hver) i stedet for efter antal.
api-rule-digits-for-other-kind = Kun nummerlogoer bestilles efter cifre, og { $logo } er en { $kind }; bestil det efter antal i stedet.
api-rule-no-digits = Tilføj mindst ét ciffer, og hvor mange af det der skal bestilles.
api-rule-digit-missing = Skriv de cifre, der skal trykkes, f.eks. 7 eller 23.
api-rule-digit-not-digits = Cifferet "{ $digit }" må kun indeholde cifrene 0–9.
api-rule-file-empty = Filen "{ $file }" er tom; vælg en billedfil at uploade.
api-rule-file-unnamed = Filen har intet navn; vælg filen igen.
api-rule-title-missing = Skriv en titel til logoet.
api-rule-content-type = "{ $content_type }" er ikke en gyldig filtype; vælg filen igen.
api-rule-no-color-change = Vælg mindst én farve, der skal ændres.
api-rule-original-colors-missing = Vælg de oprindelige farver, der skal erstattes.
api-rule-new-colors-missing = Vælg de nye farver.
api-rule-color-count-mismatch = Angiv præcis én ny farve for hver oprindelig farve ({ $from } oprindelige, { $to } nye).
api-rule-resize-no-side = Angiv en bredde eller en højde; den anden side følger med i samme forhold.
api-rule-size-not-positive = "{ $given }" er ikke en størrelse; skriv et positivt antal millimeter.
api-rule-method-missing = Vælg en trykmetode.
api-rule-no-variations = Tilføj mindst én variant, der skal oprettes.
api-rule-variation-title-missing = Skriv en titel til denne variant.
api-rule-view-missing = Vælg den visning (f.eks. FRONT eller BACK), logoet placeres på.
api-rule-not-finite = Skriv et endeligt tal.
