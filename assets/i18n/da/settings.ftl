# Danske tekster til settings. Hver besked har sin engelske tvilling i ../en/settings.ftl.ftl.

## Konti

settings-title = Indstillinger
settings-subtitle = Konti, sprog, udseende, notifikationer, data og version
settings-accounts = Konti
settings-add-account = + Tilføj konto
settings-accounts-hint = Skift af konto genindlæser alt. API-nøgler gemmes i systemets nøglering, aldrig i en fil.
settings-loading-accounts = Indlæser konti…
settings-active = Aktiv
settings-sandbox = Indbygget sandkasse
settings-sandbox-at = Indbygget sandkasse på { $url }
settings-header-bearer = Authorization: Bearer
settings-header-x-api-key = X-Api-Key-header
settings-key-keychain = nøgle i nøgleringen
settings-key-session = nøgle gemt kun i denne session
settings-key-demo = indbygget demonøgle
settings-org-child = handler for underorganisation { $organization }
settings-org-own = handler for sin egen organisation
settings-account-facts = { $header } · { $key } · { $organization }
settings-key-moved = Din nøgle sendes ikke til denne adresse: den blev skrevet til { $entered }, og nogen har ændret kontoens adresse siden (på et andet skrivebord eller i teamets database).
settings-key-moved-confirm = Send min nøgle hertil
settings-key-moved-confirm-hover = Jeres team har flyttet kontoen til { $address }: din API-nøgle sendes dertil fra nu af. Hvis ingen i teamet ville flytte den, så lad være at klikke, og spørg, hvem der ændrede den.
settings-cancel = Annullér
settings-remove = Fjern
settings-remove-confirm-hover = Fjern kontoen og dens nøgle
settings-remove-question = Fjern "{ $name }"?
settings-remove-hover = Fjern denne konto og dens nøgle fra nøgleringen
settings-edit = Redigér
settings-edit-hover = Ret { $name }
settings-use = Brug
settings-use-hover = Skift til { $name } og genindlæs alt
settings-saved = Kontoen "{ $name }" er gemt.
settings-saved-keychain = Kontoen "{ $name }" er gemt. Dens nøgle ligger i nøgleringen.
settings-saved-session = Kontoen "{ $name }" er gemt. Dens nøgle gemmes, til logodesk lukkes.

## Kontoformularen

settings-form-edit = Redigér "{ $name }"
settings-form-add = Tilføj en konto
settings-name = Navn
settings-name-hint = f.eks. Nordby IF live
settings-address = Tjenestens adresse
settings-address-sandbox = indbygget sandkasse
settings-key-header = Nøgle-header
settings-organization = Organisation
settings-org-own-choice = Egen organisation
settings-org-child-choice = Underorganisation
settings-org-id-hint = id
settings-org-id-name = Underorganisationens id
settings-org-hint = Upload og ordrer laves for denne organisation.
settings-api-key = API-nøgle
settings-api-key-keep-hint = Lad feltet stå tomt for at beholde den gemte nøgle
settings-api-key-hint = Indsæt nøglen
settings-need-org-id = Skriv underorganisationens id, et helt tal som f.eks. 1002.
settings-need-name = Skriv et navn til kontoen.
settings-need-key = Skriv den API-nøgle, du har fået af tjenesten.
settings-orders-question = Kontoen har { $count ->
    [one] { $count } ordre
   *[other] { $count } ordrer
} i kø eller lagt og endnu ikke bekræftet, og ændringen af dens { $what } ændrer, hvor de sendes hen. "Send dem med de nye indstillinger" sender dem, der aldrig nåede frem til tjenesten, og dem alle, hvis adressen er den samme (en ny nøgle til samme tjeneste); en ordre, der måske allerede er nået frem til den gamle adresse, holdes tilbage, så den ikke lægges to gange. "Behold dem til de gamle indstillinger" holder dem alle tilbage uden at sende dem, til du beslutter dig for hver enkelt under Historik.
settings-orders-follow = Send dem med de nye indstillinger
settings-orders-hold = Behold dem til de gamle indstillinger
settings-dont-save = Gem ikke
settings-saving = Gemmer kontoen
settings-save = Gem
settings-save-needs-consent = Der er ingen nøglering: vælg først "Gem kun nøgler i denne session" ovenfor.
settings-test = Test forbindelsen
settings-test-hover = Kald sundhedstjekket og hent ét logo med disse indstillinger
settings-testing = Tester forbindelsen

## Nøglering og forbindelsestest

settings-keychain = Nøglering: { $store }
settings-keychain-session = Der er ingen nøglering ({ $reason }). Nøgler, du indtaster, gemmes i hukommelsen, til logodesk lukkes, og skal indtastes igen næste gang.
settings-keychain-unavailable = Der er ingen nøglering på denne computer ({ $reason }). logodesk skriver aldrig API-nøgler i en fil. Den kan gemme nøgler i hukommelsen, til du lukker; så skal du indtaste dem igen næste gang.
settings-keep-session-keys = Gem kun nøgler i denne session
settings-keep-session-keys-hover = Nøglerne ligger i hukommelsen og glemmes, når logodesk lukkes
settings-ping-ok = Tjenesten svarede på sundhedstjekket.
settings-ping-ok-said = Tjenesten svarede på sundhedstjekket: "{ $text }".
settings-ping-failed = Sundhedstjek: { $error }
settings-logos-ok = { $count ->
    [one] Nøglen virker: kontoen har { $count } logo.
   *[other] Nøglen virker: kontoen har { $count } logoer.
}
settings-logos-failed = Logoliste: { $error }

## Udseende og om

settings-appearance = Udseende
settings-language = Sprog
settings-language-hint = Beløb, tal og datoer følger sproget, her og i eksporter.
settings-theme = Tema
settings-theme-system = Følg systemet
settings-theme-light = ☀ Lyst
settings-theme-dark = ☾ Mørkt
settings-about = Om logodesk
settings-version = Version { $version }
settings-sandbox-listens = Den indbyggede sandkasse lytter på { $url }; dens data bliver på denne computer.

## Data på denne computer: offline-kopierne

settings-data = Data på denne computer
settings-cache-size = Offline-kopier: { $used } af { $budget }
settings-cache-measuring = Tæller offline-kopierne…
settings-cache-off = Der gemmes ingen offline-kopier: denne sessions data ligger kun i hukommelsen.
settings-cache-hint = Logoer og designs, du har set, gemmes her, så du kan se dem uden forbindelse. De ældste fjernes først, når pladsen er brugt.
settings-cache-clear = Tøm cachen
settings-cache-clear-hover = Fjerner offline-kopierne for alle konti; logodesk henter dem igen, mens du bladrer
settings-cache-clearing = Tømmer cachen
settings-cache-clear-failed = Ikke alle offline-kopier kunne fjernes. Luk andre programmer, der måske bruger datamappen, og prøv igen.
settings-remove-team-refused = “{ $name }” kan ikke fjernes, mens der venter ordrer til den på teamets skriveborde: { $queued ->
        [0] ingen ordre i kø
        [one] én ordre i kø
       *[other] { $queued } ordrer i kø
    } og { $in_flight ->
        [0] ingen sendt, men ikke færdig
        [one] én sendt, men ikke færdig
       *[other] { $in_flight } sendt, men ikke færdige
    }. Den er alle skrivebordes konto; fjernet ville de ikke blive sendt nogen steder hen. Vent, til de er færdige eller fejlet (eller tag dem i kø tilbage til kladde i Historik).
settings-remove-team-question = Fjern “{ $name }” for alle teamets skriveborde? Ingen ordre til den venter{ $drafts ->
        [0] .
        [one] ; dens ene kladde vises ikke længere på noget skrivebord.
       *[other] ; dens { $drafts } kladder vises ikke længere på noget skrivebord.
    }
settings-remove-own-waiting = Fjern “{ $name }”? Den har { $queued ->
        [0] ingen ordre i kø
        [one] én ordre i kø
       *[other] { $queued } ordrer i kø
    } og { $in_flight ->
        [0] ingen sendt, men ikke færdig
        [one] én sendt, men ikke færdig
       *[other] { $in_flight } sendt, men ikke færdige
    }: de tilbageholdes så og sendes eller følges ingen steder.
settings-remove-asking = Ser på, hvad kontoen rummer
settings-ok = OK
settings-ping-missing = Sundhedstjek: denne tjeneste har intet (GET /api/health/ping svarer 404); nøglen prøves med logolisten herunder.
settings-logos-missing = tjenesten har ingen logoliste på denne adresse (svaret er 404). Tjek, at adressen er tjenestens rod.
settings-key-none-here = ingen nøgle på denne computer endnu: skriv kontoens API-nøgle under Redigér
settings-api-key-none-here-hint = Denne computer har ingen nøgle til kontoen endnu: indsæt den her
settings-keychain-secret-service = skrivebordets nøglering (Secret Service)
settings-keychain-windows = Windows' Legitimationsadministrator
settings-keychain-macos = macOS' nøglering
