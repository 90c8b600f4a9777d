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

## Eksport (support/downloads.rs)

backend-save-csv = Gem ordren som CSV
backend-save-proof-sheet = Gem korrekturarket
backend-save-confirmation = Gem ordrebekræftelsen
backend-write-csv-failed = CSV-filen kunne ikke skrives til { $path }. Tjek, at der kan skrives i mappen, eller vælg en anden.
backend-write-proof-sheet-failed = Korrekturarket kunne ikke skrives til { $path }. Tjek, at der kan skrives i mappen, eller vælg en anden.
backend-write-confirmation-failed = Ordrebekræftelsen kunne ikke skrives til { $path }. Tjek, at der kan skrives i mappen, eller vælg en anden.

## Billeder (support/pictures.rs)

backend-no-picture = Tjenesten sendte intet billede af dette logo.
backend-service-picture-too-many-pixels = Tjenesten sendte et billede på { $w } × { $h } pixels, mere end logodesk afkoder ({ $max_w } × { $max_h }), så det vises ikke.
backend-service-picture-too-large = Tjenesten sendte et billede på omkring { $mib } MiB, mere end logodesk afkoder ({ $max } MiB), så det vises ikke.
backend-service-picture-unreadable = Logoets billede kunne ikke læses: { $reason }.
backend-picture-file-too-large = Filen fylder { $size }, men højst { $max } accepteres; eksportér den med færre pixels eller stærkere komprimering.
backend-picture-unsupported = Filen er ikke et PNG-, JPEG- eller WebP-billede; gem den i et af de formater, og prøv igen.
backend-picture-too-many-pixels = Billedet er { $w } × { $h } pixels, men højst { $max_w } × { $max_h } accepteres; gør det mindre, og prøv igen.
backend-picture-corrupt = Billedet kunne ikke læses ({ $reason }); filen kan være beskadiget, så eksportér den igen.
backend-picture-empty = Filen er tom; vælg billedfilen igen.
backend-picture-small = Billedet er kun { $w } × { $h } pixels; et logo skal være mindst { $min } × { $min }, så brug en større udgave.
backend-picture-transparent = Billedet er helt gennemsigtigt, så der er intet at trykke; tjek indstillingerne for eksporten.

## Lokale fejl (database, nøglering, start)

store-open-failed = logodesk kunne ikke åbne sin lokale database { $path }: { $reason }. Tjek, at mappen findes, og at der kan skrives i den.
store-too-new = Den lokale database { $path } er fra en nyere version af logodesk (skema { $found }, denne version kender { $known }). Opdatér logodesk for at åbne den: den kan rumme ordrer, der venter på at blive sendt. Vil du starte forfra imens, så flyt filen sammen med dens -wal- og -shm-filer til en anden mappe (slet dem ikke); en nyere logodesk sender det, de rummer, når den åbner dem igen.
store-team-too-new = Teamets database er fra en nyere version af logodesk (skema { $found }, denne version kender { $known }). Opdatér logodesk på denne computer for at arbejde med teamet; indtil da skriver denne computer intet i teamets database.
store-team-needs-owner = Teamets database har skema { $found }, og denne version af logodesk skal bruge { $known }, men dens tabeller tilhører teamets ejerrolle, som denne computers rolle ikke må ændre. Den, der passer teamets database, opgraderer den én gang med ejerrollen: `logodesk --team-database postgres://logodesk_owner@…/logodesk migrate-team` (README, "de to roller"). Indtil da skriver denne computer intet i teamets database.
store-bad-version = Filen { $path } siger, at dens skemaversion er { $found }, hvilket ingen logodesk skriver: det er ikke en logodesk-database, eller den er beskadiget. Flyt den sammen med dens -wal- og -shm-filer til en anden mappe (slet dem ikke), og start logodesk igen; support kan se på de flyttede filer.
store-duplicate-name = Der findes allerede en konto med navnet "{ $name }". Vælg et andet navn.
store-tracking-id-taken = Tjenesten svarede med sporings-id { $tracking }, som en anden ordre på denne maskine allerede har. Ordren kan være afgivet: slå den op, før den sendes igen.
store-no-such-account = Kontoen findes ikke længere; den kan være fjernet.
store-sandbox-built-in = Den indbyggede sandkassekonto kan ikke fjernes; det er den, der lader logodesk virke uden opsætning.
store-failed = Den lokale database fejlede ({ $reason }). Genstart logodesk; sker det igen, så kontakt support. Slet ikke logodesk.sqlite eller dens -wal- og -shm-filer: de rummer ordrehistorikken og de ordrer, der venter på at blive sendt.
store-team-failed = Teamets database fejlede ({ $reason }). Tjek forbindelsen under Indstillinger → Team, og prøv igen; intet på denne computer er gået tabt.
store-team-outcome-unknown = Forbindelsen til teamets database blev afbrudt, før den bekræftede ændringen ({ $reason }), så den kan være gennemført eller ej. Intet på denne computer er gået tabt: se efter igen (Historik, eller kør logodesk history), før du gør det igen.
store-team-silent = Teamets database svarede ikke inden for { $seconds } s, så denne computer holdt op med at vente og regner den for utilgængelig (det, du gemmer til teamet, gemmes her og sendes, når den svarer igen; statuslinjen siger hvornår). Det, denne computer gør med sine egne konti, fortsætter.
store-team-too-large = Teamets database sendte { $size } i én værdi til dette, mere end logodesk læser ({ $most }), så intet af det blev brugt. Nogen har lagt det der uden om logodesk: bed den, der driver teamets database, om at se på de rækker, der lige blev spurgt efter.
store-column = Databasen rummer noget i kolonnen »{ $column }«, som logodesk ikke har skrevet (ventede { $wanted }): den kan være beskadiget eller høre til et andet program. Kontakt support, før du ændrer den.
store-no-row = Databasen svarede ikke med en række, som logodesk skrev for et øjeblik siden. Prøv igen; sker det igen, så kontakt support.
keychain-unavailable = Der er ingen nøglering på denne computer ({ $reason }), så API-nøglen kan ikke gemmes. Vælg "Gem kun nøgler i denne session" under Indstillinger → Konti, eller start en nøgleringstjeneste, og genstart logodesk.
keychain-unavailable-team = Der er ingen nøglering på denne computer ({ $reason }), så teamdatabasens adgangskode kan ikke gemmes: logodesk skriver den aldrig i en fil. Lad adgangskoden være tom, hvis databasen lukker denne computer ind uden (en Unix-socket, trust eller et certifikat), eller start en nøgleringstjeneste, og genstart logodesk.
keychain-session-key-gone = Denne kontos API-nøgle blev kun gemt i en tidligere session. Skriv den igen under Indstillinger → Konti.
keychain-reason-no-bus = der kører ingen D-Bus-session, så Secret Service kan ikke nås
keychain-reason-no-answer = { $store } svarede ikke: { $detail }
keychain-reason-unsupported = dette styresystem har ingen nøglering, logodesk kan bruge
secret-file-unreadable = Den hemmelige fil { $path } kunne ikke læses ({ $reason }). Tjek at den findes, og at brugeren logodesk kører som må læse den.
secret-file-shared = Den hemmelige fil { $path } kan læses af andre brugere: chmod 600 { $path }, og start så logodesk igen. Den blev ikke brugt.
secret-file-not-owner = Den hemmelige fil { $path } tilhører en anden bruger: den skal tilhøre brugeren logodesk kører som (chown <bruger> { $path }). Den blev ikke brugt.
secret-file-too-big = Den hemmelige fil { $path } er større end 64 KB: den skal indeholde én linje, nøglen eller adgangskoden. Den blev ikke brugt.
keychain-missing = Der er ingen API-nøgle gemt for denne konto. Skriv den under Indstillinger → Konti.
keychain-failed = Nøgleringen fejlede: { $reason }. Lås nøgleringen op (eller giv logodesk lov til at bruge den), og prøv igen.
backend-runtime-failed = logodesk kunne ikke starte sine baggrundsprocesser ({ $reason }). Genstart logodesk.
backend-headless-stopped = logodesks baggrundsprocesser stoppede uventet. Start logodesk send-queued igen.
backend-headless-no-such-account = logodesk send-queued: der findes ingen konto med navnet "{ $name }" i denne datamappe, så intet blev sendt. Kontoerne her er: { $accounts }. Angiv et af disse navne med --account, eller udelad --account for den konto, vinduet brugte sidst.
backend-headless-team-account-unread = logodesk send-queued: "{ $name }" er ikke en af denne computers egne konti, og teamets konti kunne ikke læses: { $reason } Intet blev sendt; ordrerne venter i teamets udbakke. Start afsenderen igen, når teamets database svarer (en service-enhed genstarter den selv).

## Ordrer (orders/mod.rs, orders/outbox.rs)

backend-outbox-record-failed = logodesk kunne ikke notere, hvad der skete med ordre { $id }, i sin lokale database ({ $reason }). Ordren beholdes, og logodesk prøver igen med stigende pauser; intet afgives to gange imens. Sker det igen, så tjek, at der er plads på disken, og genstart logodesk.
backend-lookup-no-service = Kontoen kan ikke nå sin tjeneste lige nu (se Indstillinger → Konti), så ordren kan ikke slås op. Den bliver, som den er.
backend-lookup-changed = Kun en ordre, der måske allerede er afgivet, kan slås op igen; denne er ændret imens.
backend-lookup-other-key = Ordren blev sendt med et andet skrivebords API-nøgle til den nøgles egen organisation; spurgt med dette skrivebords nøgle kunne den blive afgivet en gang til, i en anden organisation. Slå den op på et skrivebord med den nøgle.
backend-lookup-still-refused = Tjenesten afviser stadig ordrens nøgle og indhold ({ $reason }). Den kan allerede være afgivet: kender du dens sporings-id, så tilknyt det; kopiér den kun til en ny kladde, hvis du er sikker på, at den ikke blev afgivet.
backend-no-back-to-draft = Ordren kan ikke længere blive en kladde igen: en afsendelse kan allerede have nået tjenesten.
backend-roster-read-failed = Holdlisten kunne ikke læses. Prøv igen.
backend-order-other-account = Ordren hører til en anden konto; skift til den konto for at arbejde med den.
backend-design-by-mul = Tjenesten kan ikke slå designs op efter varenummer, så { $mul } bestilles som skrevet, uden detaljer.
backend-no-downloads-folder = Der er ingen Overførsler- eller hjemmemappe at gemme filen i.
backend-screenshot-empty = Skærmbilledet havde ingen brugbare pixels.
backend-screenshot-write-failed = Skærmbilledet kunne ikke skrives til { $path }. Tjek, at mappen findes, og at der kan skrives i den.
backend-no-account-yet = Ingen konto er aktiv endnu.
backend-placed-elsewhere = Denne ordre blev afgivet på en anden adresse: dens sporings-id hører til der, så den blev ikke flyttet. Tilføj en konto for den adresse for at følge den.
backend-roster-dialog-title = Importér holdliste
backend-roster-dialog-filter = Holdlister
backend-club-no-room = Ingen afsender viser klubrummet endnu, så et link til klubben ville ikke åbne noget. Start holdets afsender med --club-room-url (README: “The club room”), og spørg så igen.
backend-club-logo-changed = Udkastet er ændret hos tjenesten, siden det blev vist her (på en anden arbejdsplads eller af tjenesten): intet er sendt til klubben. Åbn udkastet igen, og spørg så.
backend-club-logo-no-picture = Tjenestens billede af udkastet, som det er nu, er ikke her, så klubben ville ikke se, hvad der bliver trykt: intet er sendt. Åbn udkastet igen, og spørg så.
backend-club-no-randomness = Computeren gav ingen tilfældige tal til linket, så der blev ikke lavet noget. Intet er sendt til klubben; prøv igen om lidt.
backend-proof-not-kept = Korrekturarket kunne ikke gemmes i datamappen ({ $reason }). Tjek, at der er plads på disken, og prøv igen.

## The commands without a window (commands.rs, cli.rs)
backend-cli-key-file-unreadable = Nøglefilen { $path } kunne ikke læses: { $reason }. Angiv en fil med API-nøglen, eller udelad --api-key-file og skriv nøglen.
backend-cli-key-file-shared = Nøglefilen { $path } kan læses af andre brugere: chmod 600 { $path }, og kør så kommandoen igen. Intet blev gemt.
backend-cli-key-empty = Der blev ikke givet nogen API-nøgle. Skriv nøglen på én linje (eller angiv --api-key-file PATH); intet blev gemt.
backend-cli-migrate-needs-address = migrate-team skal have adressen på teamets database med ejerrollen: logodesk --team-database postgres://logodesk_owner@VÆRT/logodesk migrate-team. Intet blev ændret.
backend-cli-password-file-unreadable = Adgangskodefilen { $path } kunne ikke læses: { $reason }. Angiv en fil med ejerrollens adgangskode på første linje. Intet blev ændret.
backend-cli-password-file-shared = Adgangskodefilen { $path } kan læses af andre brugere: chmod 600 { $path }, og kør kommandoen igen. Intet blev ændret.
backend-cli-team-migrated = Teamets database har skema { $version }, denne versions: computerne kan arbejde med den.
backend-cli-account-elsewhere = Der findes allerede en konto med navnet "{ $name }" på { $address }. Angiv samme adresse for at knytte dette skrivebords nøgle til den, eller et andet navn til en ny konto. Intet blev gemt.
backend-cli-no-such-account = Der findes ingen konto med navnet "{ $name }" i denne datamappe. Kontoerne her er: { $accounts }. Tilføj den først med logodesk account add.
backend-cli-order-unreadable = Ordrefilen { $path } kunne ikke læses: { $reason }. Intet blev sat i kø.
backend-cli-order-not-json = Ordrefilen { $path } er ikke en ordre, som tjenesten kan læse, ved linje { $line }, kolonne { $column }: { $reason }. Intet blev sat i kø.
backend-cli-order-invalid = { $count ->
    [one] Ordren bryder én af tjenestens regler, så intet blev sat i kø:
   *[other] Ordren bryder { $count } af tjenestens regler, så intet blev sat i kø:
}
backend-cli-account-added = Kontoen "{ $name }" blev tilføjet med sin nøgle i nøgleringen.
cli-account-default = Ingen --account angivet: bruger "{ $name }" – den eneste konto her ud over Sandbox, eller Sandbox, når der er ingen eller flere. Vælg en anden med --account NAVN.
cli-account-default-team-unread = Ingen --account angivet, og denne computer har ikke læst teamets konti endnu: linjerne her følger Sandbox, men alle kontoers ordrer i kø sendes, så snart teamets database er nået. Vælg en konto med --account NAVN.
backend-cli-key-attached = Kontoen "{ $name }" fandtes allerede på denne adresse: dette skrivebords nøgle er knyttet til den. Ordrer i kø med en tidligere nøgle venter i Historik.
backend-cli-order-may-be-queued = Ordren blev sendt til teamets database, men forbindelsen blev afbrudt, før databasen bekræftede ordren, og den kunne ikke nås igen for at spørge. Ordren kan være sat i kø (id { $id }, nøgle { $key }) og bliver så sendt. Se efter i Historik, eller kør logodesk history --account "{ $account }", før du sætter den i kø igen; sætter du den samme fil i kø igen, svarer den med denne ordre, hvis teamet har den.
backend-cli-order-already-queued = Denne ordre blev allerede sat i kø for "{ $account }" inden for det sidste døgn (id { $id }), så intet blev sat i kø igen. Brug --again for at sætte en ordre mere i kø.
store-team-not-connected = Dette ligger i teamets database, som denne computer ikke kan nå lige nu. Det kommer tilbage, når forbindelsen gør (statuslinjen siger hvornår).
team-kept-reference = { $reference } (gemt fra denne computer)
team-left-account-name = { $name } (fra teamet)
store-join-name-taken = Teamet har allerede en konto ved navn “{ $name }” med en anden adresse. Omdøb denne computers konto under Indstillinger → Konti (eller spørg, hvem der oprettede teamets), og tilslut igen; intet er flyttet endnu.
backend-cli-account-other-auth = Kontoen "{ $name }" findes allerede på denne adresse og sender sin nøgle som { $theirs }. At knytte en nøgle ændrer aldrig en kontos indstillinger, så --auth { $given } blev afvist, og intet blev gemt. Udelad --auth for at knytte dette skrivebords nøgle, som kontoen sender den, eller ret headertypen under Indstillinger → Konti (for en teamkonto: på alle skriveborde).
backend-headless-held = { $count ->
        [one] Én ordre i kø er tilbageholdt
       *[other] { $count } ordrer i kø er tilbageholdt
    }, så denne kørsel sendte { $count ->
        [one] den
       *[other] dem
    } ikke: kontoen er ændret eller fjernet, eller dette skrivebords nøgle er udskiftet siden en afsendelse. Afgør i Historik, hvad der skal ske med { $count ->
        [one] den
       *[other] dem
    } ("Send til …" eller "Tilbage til kladde"), og kør send-queued igen.
store-account-has-orders = “{ $name }” er teamets konto, og der venter ordrer til den på teamets skriveborde: { $queued ->
        [0] ingen ordre i kø
        [one] én ordre i kø
       *[other] { $queued } ordrer i kø
    } og { $in_flight ->
        [0] ingen sendt, men ikke færdig
        [one] én sendt, men ikke færdig
       *[other] { $in_flight } sendt, men ikke færdige
    }. Fjernet nu ville de ikke blive sendt nogen steder hen, så den blev ikke fjernet. Vent, til de er færdige eller fejlet (eller tag dem i kø tilbage til kladde i Historik), og fjern den så.
backend-key-address-changed = Teamets konto "{ $name }" går nu til { $address }, men din API-nøgle blev skrevet til { $entered }. Nogen har ændret adressen på et andet skrivebord eller i teamets database, så din nøgle sendes ikke dertil. Hvis jeres team har flyttet kontoen, så bekræft den nye adresse under Indstillinger → Konti (eller skriv din nøgle igen); hvis ikke, så spørg teamet, hvem der ændrede den.
backend-attach-not-uncertain = Et sporings-id kan kun knyttes til en ordre, der måske allerede er afgivet.
backend-cli-order-placed-alike = En ordre med referencen „{ $reference }“ og de samme linjer blev sat i kø { $when } (id { $id }). Se den med logodesk history; skal klubben have den samme ordre en gang til, så kør kommandoen igen med --again.
cli-stdout-failed = Det, kommandoen gjorde, er gjort, men dens svar kunne ikke skrives til standard-output: { $reason }.
cli-option-no-data-folder = 'logodesk { $command }' læser ingen datamappe: udelad --data-dir.
cli-option-of-window = { $option } er en indstilling for vinduet; 'logodesk { $command }' tager den ikke: udelad den.
backend-cli-key-first = Kontoen "{ $name }" er teamets, på denne adresse: dette skrivebords nøgle er gemt til den i nøgleringen, og dette skrivebord bruger den til kontoen fra nu af.
store-club-desk-row = Kladden hører til en konto, der kun findes på dette skrivebord (fx Sandbox), så klubrummet, som viser holdets kladder, kan ikke vise den. Lav ordren på holdets konto for at spørge klubben.
store-club-needs-team = Klubrummet gemmer sine links og klubbernes svar i teamets database, og dette skrivebord er ikke på et team. Sæt teamets database op under Indstillinger → Team, og lad teamets afsender servere klubrummet (README: “Klubrummet”).
