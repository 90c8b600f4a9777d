# Teamdatabasen (src/team/): adressen, TLS og forbindelsens sætninger.
team-address-scheme = Teamdatabasens adresse skal begynde med postgres:// eller postgresql://, for eksempel postgres://logodesk@db.example.com:5432/logodesk.
team-address-invalid = Teamdatabasens adresse kan ikke læses ({ $reason }). Skriv den som postgres://bruger@vært:port/database.
team-address-password = Teamdatabasens adresse indeholder en adgangskode. Fjern den fra adressen og skriv den i feltet til adgangskoden: logodesk gemmer den i nøgleringen, aldrig i en fil.
team-address-no-user = Teamdatabasens adresse nævner ingen bruger. Skriv den som postgres://bruger@vært:port/database.
team-address-no-host = Teamdatabasens adresse nævner ingen vært. Skriv den som postgres://bruger@vært:port/database, eller en Unix-sokkel som ?host=/sti.
team-address-no-database = Teamdatabasens adresse nævner ingen database. Tilføj den efter værten: postgres://bruger@vært:port/database.
team-ca-file = CA-filen { $path } kan ikke bruges ({ $reason }). Vælg en PEM-fil med certifikatet fra den myndighed, der har underskrevet serverens certifikat.
team-ca-file-empty = den indeholder intet certifikat
team-tls-not-offered = Serveren { $host } tilbyder ikke TLS, og logodesk sender ikke teamets data ukrypteret væk fra denne computer. Slå ssl til i serverens postgresql.conf, eller spørg den, der driver serveren.
team-tls-untrusted = Serverens certifikat er ikke betroet for { $host } ({ $reason }). Vælg den CA-fil, der har underskrevet det, under Indstillinger → Team, eller bed den, der driver serveren, om et certifikat fra en betroet myndighed.
team-tls-failed = Den krypterede forbindelse til { $host } mislykkedes ({ $reason }). Tjek adressen og CA-filen under Indstillinger → Team.
team-tls-expired = Serveren { $host }s certifikat er udløbet, så logodesk kan ikke se, at det er teamets server. Bed den, der driver serveren, om at forny det (README'ens opskrift laver et for ti år).
team-tls-not-yet-valid = Serveren { $host }s certifikat er ikke gyldigt endnu. Tjek denne computers dato og klokkeslæt; er de rigtige, er certifikatet lavet med en forkert dato.
team-tls-wrong-name = Serverens certifikat er ikke udstedt til { $host }, navnet i teamets adresse. Brug navnet, certifikatet er til, under Indstillinger → Team, eller lav serveren et certifikat til { $host } (README'ens opskrift).
team-tls-revoked = Serveren { $host }s certifikat er tilbagekaldt af den myndighed, der underskrev det. Bed den, der driver serveren, om et nyt.
team-tls-ca-as-server = Serveren { $host } viser et myndighedscertifikat (CA:TRUE) som sit eget, og det tager logodesk ikke imod fra en myndighed. Vælg selve certifikatet som CA-fil under Indstillinger → Team for at stole på det, som det er (sammenlign først dets fingeraftryk med serverens), eller giv serveren et certifikat underskrevet af en lille CA (README'ens opskrift).
team-tls-reason-unknown-issuer = det er hverken underskrevet af den valgte CA-fil eller af en myndighed, denne computer stoler på
team-tls-reason-signature = dets signatur holder ikke, eller den bruger en algoritme, logodesk ikke tager imod
team-tls-reason-other = certifikatet kan logodesk ikke kontrollere
team-tls-reason-handshake = serveren og logodesk fandt ingen sikker måde at tale sammen på
team-unreachable = Teamdatabasen på { $host } kan ikke nås ({ $reason }). Tjek adressen og netværket; logodesk prøver igen af sig selv.
team-auth = Teamdatabasen afviste brugeren { $user } eller dens adgangskode. Tjek adgangskoden under Indstillinger → Team.
team-password-missing = Teamdatabasen beder om en adgangskode, og logodesk har ingen at give den (der er ingen gemt, eller nøgleringen, der gemmer den, kører ikke). På et skrivebord: skriv den under Indstillinger → Team, og gem. På en server: læg den i filen team-password i dens mappe med hemmeligheder (chmod 600) eller i PostgreSQLs ~/.pgpass.
team-no-database = Databasen { $database } findes ikke på serveren. Tjek adressen, eller opret den (README fortæller hvordan).
team-server = Teamdatabasen svarede med en fejl: { $reason }
team-unencrypted-refused = Adressen slår kryptering fra (sslmode=disable) for serveren { $host }, som ikke er på denne computer, så teamets data og adgangskoden ville gå ukrypteret over netværket. Fjern sslmode=disable fra adressen, eller tillad en ukrypteret forbindelse til denne server under Indstillinger → Team.
team-silent = Serveren { $host } tog imod forbindelsen, men satte den ikke op inden for { $seconds } s (TLS, opstarten eller adgangskoden), så logodesk holdt op med at vente. Tjek adressen og porten: svarer en PostgreSQL der? logodesk prøver igen af sig selv.
team-listener-closed = serveren lukkede forbindelsen
team-saved-read = Teamindstillingerne i { $path } kan ikke læses ({ $reason }). Indtast dem igen under Indstillinger → Team.
team-saved-write = Teamindstillingerne kan ikke gemmes i { $path } ({ $reason }). Tjek, at datamappen er skrivbar.
team-no-address = Der er ingen teamdatabase angivet. Skriv først dens adresse under Indstillinger → Team.
team-ca-pick-title = Vælg teamdatabasens CA-fil
team-ca-pick-filter = Certifikater (PEM)

# Indstillinger → Team (src/ui/settings_team.rs).
settings-team = Teamdatabase
settings-team-hint = En PostgreSQL-database, som teamet deler. Valgfri: uden den bliver alt på denne computer. Når den er gemt, flytter denne computer sine konti, kladder, historik, godkendelser og ventende ordrer ind i den (aldrig dens API-nøgler eller den indbyggede sandkasses ordrer), ser de andre computeres ordrer, og teamets ventende ordrer sendes af én computer hver.
settings-team-run = I denne kørsel er teamdatabasen { $address } (--team-database), ikke den, der er gemt her.
settings-team-address = Adresse
settings-team-password = Adgangskode
settings-team-password-kept = gemt i nøgleringen; skriv for at erstatte
settings-team-ca = CA-fil
settings-team-ca-hint = valgfri: ellers systemets certifikater
settings-team-ca-no-dialog = Der blev ikke valgt en fil. Åbnede der ingen dialog, har denne computer ingen tjeneste til fildialoger (en skrivebordsportal eller zenity): skriv eller indsæt CA-filens sti i feltet.
settings-team-choose = Vælg…
settings-team-choosing = Vælger en CA-fil
settings-team-desk = Skrivebordets navn
settings-team-desk-hint = tomt: computerens brugernavn
settings-team-allow-unencrypted = Tillad en ukrypteret forbindelse til { $host }
settings-team-allow-unencrypted-hint = Adressen siger sslmode=disable, og { $host } er ikke på denne computer: med dette flueben går teamets ordrer og adgangskoden ukrypteret over netværket (statuslinjen siger det så længe). Uden det forbindes der ikke.
team-desk-unnamed = Dette skrivebord
settings-team-save = Gem teamdatabase
settings-team-saving = Gemmer teamdatabasen
settings-team-saved = Teamdatabasen er gemt.
settings-team-test = Test teamdatabase
settings-team-testing = Tester teamdatabasen
settings-team-loading = Læser teamindstillingerne
settings-team-forget = Glem
settings-team-forget-hover = Glem teamdatabasens adresse, og fjern dens adgangskode fra nøgleringen.
settings-team-version = Forbundet: PostgreSQL { $version }
settings-team-tls-on = Krypteret (TLS) til { $host }
settings-team-tls-off-socket = Ikke krypteret: en Unix-sokkel på denne computer ({ $host }), så teamets data forlader den ikke
settings-team-tls-off-loopback = Ikke krypteret: serveren er på denne computer ({ $host }), så teamets data forlader den ikke
settings-team-tls-off-network = Ikke krypteret: teamets data og adgangskoden går ukrypteret over netværket til { $host } (sslmode=disable, tilladt ovenfor)
settings-team-schema-there = Skemaet logodesk findes.
settings-team-schema-may = Rollen må oprette skemaet logodesk.
settings-team-schema-not = Rollen må ikke oprette skemaet logodesk, og det findes ikke. Giv CREATE på databasen, eller opret skemaet til rollen (README fortæller hvordan).
settings-team-desks = { $count ->
    [one] Ét skrivebord forbundet nu:
   *[other] { $count } skriveborde forbundet nu:
}
settings-team-desk-row = { $name }, siden { $since }
settings-team-desk-this = { $name } (denne test), siden { $since }
shell-team-unreachable = Teamdatabasen kan ikke nås, næste forsøg om { $seconds } s
shell-team-refused = Teamdatabasen bruges ikke: den er fra en nyere logodesk
shell-team-unencrypted = Teamdatabasen: ikke krypteret
shell-team-unencrypted-hover = Forbindelsen til teamdatabasen på { $host } er ikke krypteret (sslmode=disable, tilladt under Indstillinger → Team): teamets ordrer og adgangskoden går ukrypteret over netværket.
settings-team-joined = Denne computer er tilsluttet teamets database. Flyttet ind: { $accounts ->
        [one] én konto
       *[other] { $accounts } konti
    }, { $drafts ->
        [one] én kladde
       *[other] { $drafts } kladder
    }, { $queued ->
        [one] én ordre, der venter på at blive sendt
       *[other] { $queued } ordrer, der venter på at blive sendt
    }, { $history ->
        [one] én ordre fra historikken
       *[other] { $history } ordrer fra historikken
    }, { $approvals ->
        [one] én godkendelse
       *[other] { $approvals } godkendelser
    } og { $tasks ->
        [one] én opgave
       *[other] { $tasks } opgaver
    }. Intet, der allerede er sendt, sendes igen.
settings-team-kept-back = Teamets database er tilbage. Det, der blev gemt på denne computer, er gået til teamet: { $saved ->
        [0] ingen ændringer i kladder
        [one] ændringerne i én kladde
       *[other] ændringerne i { $saved } kladder
    }, { $drafts ->
        [0] ingen nye kladder
        [one] én ny kladde
       *[other] { $drafts } nye kladder
    } og { $queued ->
        [0] ingen ordrer
        [one] én ordre, nu i teamets udbakke med sin nøgle (sendes én gang)
       *[other] { $queued } ordrer, nu i teamets udbakke med deres nøgler (hver sendes én gang)
    }.
settings-team-kept-apart = { $reference } blev ændret på en anden computer, mens denne ikke kunne nå teamets database. Deres udgave bliver, som den er; det, du skrev her, er gemt som den nye kladde "{ $kept }". Sammenlign de to, og slet den, du ikke skal bruge.
settings-team-kept-apart-placed = { $reference } blev ændret (eller bestilt) på en anden computer, mens denne ikke kunne nå teamets database, så ordren, du bestilte her, blev ikke sendt. Det, du skrev, er gemt som den nye kladde "{ $kept }": sammenlign den med deres, og bestil den igen, hvis den stadig skal bruges.
settings-team-left-kept = Denne computer har forladt teamets database. Det, den gemte til teamet, mens databasen ikke kunne nås, nåede aldrig teamet og bliver på denne computer: { $drafts ->
        [0] ingen kladder
        [one] én kladde
       *[other] { $drafts } kladder
    }, nu denne computers egne, under { $accounts } i kontolisten (med denne computers nøgle til den).
settings-team-left-unplaced = { $count ->
        [one] Én af dem er en ordre, du bestilte i mellemtiden: den blev aldrig sendt og er en kladde igen. Bestil den herfra, hvis den stadig skal bruges.
       *[other] { $count } af dem er ordrer, du bestilte i mellemtiden: de blev aldrig sendt og er kladder igen. Bestil dem herfra, hvis de stadig skal bruges.
    }
settings-team-left-may-be-placed = { $count ->
        [one] Én ordre, du bestilte til teamet, kan allerede være i teamets udbakke: forbindelsen blev afbrudt, før teamets database bekræftede den. Den er en kladde igen under { $accounts } med den nøgle, den blev bestilt med: se efter i teamets Historik på en anden computer, før du bestiller den herfra.
       *[other] { $count } ordrer, du bestilte til teamet, kan allerede være i teamets udbakke: forbindelsen blev afbrudt, før teamets database bekræftede dem. De er kladder igen under { $accounts }, hver med den nøgle, den blev bestilt med: se efter i teamets Historik på en anden computer, før du bestiller dem herfra.
    }
settings-team-key-kept = API-nøglen til "{ $name }" kunne ikke kopieres til teamets konto i nøgleringen, så denne computer beholder sin egen konto "{ $name }" og nøglen, som de var; dens ordrer er i teamets udbakke. logodesk prøver igen, næste gang den forbinder til teamets database.

# Hvad hvert skrivebord i et team underskriver, og hvem det stoler på (issue 38, src/store/desks.rs).
store-refused-unsigned = Ikke sendt: intet skrivebord i teamet har underskrevet denne ordre. Den blev skrevet ind i teamets database af noget andet end et af teamets skriveborde, eller lagt i kø, før logodesk underskrev ordrer. Intet skrivebord sender den; skal den bruges, så kopiér den til en ny kladde, tjek den og bestil den.
store-refused-changed = Ikke sendt: ordren blev ændret i teamets database, efter skrivebordet “{ $desk }” lagde den i kø (dens indhold, konto eller tjenestens adresse er ikke det, det skrivebord underskrev). Intet skrivebord sender den; skal den bruges, så kopiér den til en ny kladde, tjek den og bestil den.
store-refused-desk = Ikke sendt: skrivebordet “{ $desk }” lagde den i kø, og dette skrivebord har afvist det under Indstillinger → Team. Skal den bruges, så kopiér den til en ny kladde, tjek den og bestil den.
store-no-such-desk = Intet skrivebord i teamet har denne kode. Tjek koden (Indstillinger → Team viser den på det skrivebord), og at skrivebordet har forbundet sig til teamets database.
store-desk-changed = Skrivebordets nøgle er ændret, efter koden blev vist, så intet blev bekræftet. Sammenlign den kode, der vises nu.
settings-team-desks-loading = Læser teamets skriveborde
settings-team-desks-saving = Gemmer, hvilke skriveborde dette skrivebord stoler på
settings-team-desks-heading = Teamets skriveborde
settings-team-desks-hint = Hvert skrivebord underskriver de ordrer, det lægger i kø. Dette skrivebord sender kun ordrer underskrevet af et skrivebord, det stoler på, og aldrig en, der er ændret efter at være lagt i kø. Bekræft et skrivebord, når du har sammenlignet koden her med den kode, Indstillinger → Team viser på det skrivebord; de skriveborde, der stoler på dette, stoler så også på det.
settings-team-own-code = Dette skrivebords kode:
settings-team-desk-waits = Skrivebordet “{ $name }” beder om at komme med i teamet. Dets ordrer sendes ikke herfra, før du bekræfter det. Sammenlign denne kode med den, Indstillinger → Team viser på det skrivebord:
settings-team-desk-confirm = Bekræft
settings-team-desk-confirm-hover = Kun hvis koden er den samme på begge skriveborde.
settings-team-desk-refuse = Afvis
settings-team-desk-distrust = Stol ikke længere på det
settings-team-desk-confirmed = { $name }: bekræftet på dette skrivebord
settings-team-desk-vouched = { $name }: stoles på (bekræftet af { $by })
settings-team-desk-refused = { $name }: afvist på dette skrivebord; dets ordrer sendes ikke herfra
settings-team-desk-own-earlier = { $name }: en tidligere nøgle til dette skrivebord
settings-team-desk-asks = Skrivebordet “{ $name }” beder om at komme med i teamet. Sammenlign dets kode under Indstillinger → Team, og bekræft det dér.
settings-team-order-refused = Ordren { $reference } til { $recipient } blev ikke sendt. { $why }
cli-team-own-code = Dette skrivebords kode: { $code }
cli-team-desk-this = dette skrivebord
cli-team-desk-confirmed = bekræftet på dette skrivebord
cli-team-desk-vouched = stoles på (bekræftet af { $by })
cli-team-desk-untrusted = venter på en bekræftelse: dets ordrer sendes ikke herfra
cli-team-desk-refused = afvist på dette skrivebord
cli-team-desk-earlier = en tidligere nøgle til dette skrivebord
cli-team-trusted = Skrivebordet “{ $name }” stoles nu på af dette skrivebord; de skriveborde, der stoler på dette, stoler også på det.
cli-team-refused = Skrivebordet “{ $name }” er afvist på dette skrivebord: dets ordrer sendes ikke herfra.
cli-team-none = Denne datamappe har ingen teamdatabase. Angiv en under Indstillinger → Team, eller giv --team-database URL.
cli-team-address-password = Teamdatabasens adresse indeholder en adgangskode, som ville kunne ses i listen over processer og i skallens historik, så den blev ikke brugt. Fjern den fra adressen, og læg den i filen team-password i mappen med hemmeligheder (--credentials MAPPE), i PostgreSQLs ~/.pgpass eller under Indstillinger → Team på et skrivebord.
team-address-not-text = Teamdatabasens adresse er ikke tekst, logodesk kan læse. Skriv den som postgres://bruger@vært:port/database.
team-desk-key-missing = Denne server har ingen skrivebordsnøgle i { $path }, så den signerer med en nøgle kun for denne kørsel, og teamets skriveborde skal bekræfte den igen efter hver genstart. Lav én, én gang: umask 077; logodesk team new-desk-key > { $path }
cli-team-no-random = Computerens kilde til tilfældige tal fejlede, så der blev ikke lavet en nøgle. Prøv igen; fejler det igen, skal systemet ses efter.
store-refused-untrusted = Ikke sendt herfra: skrivebordet “{ $desk }” lagde den i kø, og dette skrivebord har endnu ikke bekræftet det. Bekræft det under Indstillinger → Team, når du har sammenlignet koden, eller lad et skrivebord, der stoler på det, sende ordren.
settings-team-desk-not-confirmed = Teamets skrivebord “{ $name }” er endnu ikke bekræftet på dette skrivebord: dets ordrer sendes ikke herfra, før du bekræfter det. Sammenlign denne kode med den, Indstillinger → Team viser på det skrivebord:
settings-team-desk-unconfirmed = Teamets skrivebord “{ $name }” er endnu ikke bekræftet på dette skrivebord. Sammenlign dets kode under Indstillinger → Team, og bekræft det dér.
settings-team-desk-refuse-hover = Hvis det ikke er et af teamets skriveborde: de ordrer, det har lagt i kø, og som dette skrivebord finder, markeres som ikke sendt for alle skriveborde.
shell-team-unreachable-trying = Teamdatabasen kan ikke nås, prøver igen nu…
shell-team-unreachable-waiting = Teamdatabasen kan ikke nås; se hvorfor under Indstillinger → Team
shell-team-try-now = Prøv nu
shell-team-try-now-hover = Forbind til teamdatabasen igen med det samme.
