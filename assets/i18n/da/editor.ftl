# Danske tekster til editor. Hver besked har sin engelske tvilling i ../en/editor.ftl.ftl.

## Skærmen og dens hoved

editor-screen-title = Upload og ret
editor-screen-subtitle = Fra en fil på disken til et godkendt logo
editor-back-to-draft = Tilbage til kladden
editor-how-to-edit = Vil du rette en eksisterende kladde, så åbn den under Logoer, og vælg “Ret kladde”.
editor-opening = Åbner kladden…
editor-subtitle = Kladdeeditor · { $method } · { $width } × { $height } mm
editor-commit = Godkend…
editor-commit-hover = Gør kladden endelig: den får et varenummer og kan bestilles
editor-commit-already = Logoet er allerede godkendt.
editor-commit-wait = Vent, til ændringerne er sendt.
editor-commit-staged-first = Anvend eller kassér de forberedte ændringer først, så det godkendte logo er det, du ser.
editor-upload-another = Upload logo…
editor-upload-another-hover = Upload en anden fil
editor-open-in-logos = Åbn under Logoer
editor-open-in-logos-hover = Logoets skrivebeskyttede visning
editor-commit-question = Godkend “{ $title }”?
editor-commit-irreversible = Godkendelsen kan ikke fortrydes. Logoet bliver Færdigt og får et varenummer; derefter kan det bestilles, og metode, farver og størrelse kan aldrig ændres igen.
editor-commit-confirm = Godkend logo
editor-cancel = Annullér
editor-uploaded = “{ $title }” er uploadet: en ny kladde, klar til at blive rettet.
editor-committed = “{ $title }” er godkendt: varenummer { $item }. Det kan bestilles nu.
editor-no-item-number = (intet oplyst)
editor-commit-failed = Godkendelsen mislykkedes: { $reason }

## Billedet

editor-picture = Kladdens billede
editor-picture-before = Før
editor-picture-before-hover = Tjenestens nuværende billede
editor-picture-after = Efter
editor-picture-after-hover = Med de forberedte farver, vist lokalt
editor-picture-split = Delt
editor-picture-split-hover = Før til venstre, efter til højre; træk i skillelinjen
editor-picture-split-before = før
editor-picture-split-after = efter
editor-picture-local-preview = Lokal forhåndsvisning · ikke sendt endnu
editor-picture-service = Tjenestens billede
editor-picture-missing = Tjenesten sendte intet billede af dette logo

## Tjenestens regler

editor-rule-not-draft = Logoet er godkendt (Færdigt): metode, farver og størrelse kan ikke længere ændres, og editoren retter kun kladder.
editor-rule-method-locked = Kladdens farver er allerede ændret, og tjenesten afviser at ændre metoden derefter.
editor-rule-confirm-method-first = Bekræft trykmetoden først: tjenesten ændrer kun farver, når metoden er bekræftet.
editor-order-heading = Tjenestens rækkefølge: metode → farver → størrelse → titel
editor-order-explained = Farver kan først ændres, når metoden er bekræftet, og metoden kan ikke ændres, når farverne først er ændret. Ændringerne forberedes her, vises og sendes med ét klik på Anvend i denne rækkefølge.

## Metode

editor-method-heading = 1 · Trykmetode
editor-method = Trykmetode
editor-method-confirmed = ✔ Bekræftet i logodesk
editor-method-not-confirmed = Ikke bekræftet endnu: bekræft den, før du ændrer farver
editor-method-unknown = Ukendt, om den er bekræftet (kladden er ikke lavet i logodesk); tjenesten svarer
editor-method-staged = ✔ Forberedt
editor-method-confirm = Bekræft metode
editor-method-confirm-hover = Forbered updatemethod med denne metode (sendes med Anvend)
editor-method-undo = Fortryd

## Farver

editor-colors-heading = 2 · Farver
editor-colors-explained = De oprindelige farver i deres oprindelige rækkefølge. Vælg en ny farve for hver; billedet farves om her med det samme og sendes med Anvend.
editor-color-unknown = Ikke en farve, der er set på denne konto: ingen forhåndsvisning; tjenesten afgør, om den kender id'et.
editor-color-target = Ny farve for { $color }
editor-color-target-hint = id
editor-color-target-hover = Skriv et farve-id, eller vælg fra paletten
editor-palette = Palet
editor-palette-search = Søg i paletten
editor-palette-search-hint = Søg på id eller navn
editor-color-staged = forberedt
editor-colors-reset = Nulstil farver
editor-colors-reset-hover = Tilbage til de farver, tjenesten har nu
editor-colors-if-not-confirmed = Siger tjenesten, at metoden ikke er bekræftet, så bekræft den ovenfor, og anvend igen.

## Størrelse og titel

editor-size-heading = 3 · Størrelse
editor-width = Bredde i mm
editor-height = Højde i mm
editor-width-problem = Bredden skal være et antal millimeter over 0 og højst 2000.
editor-height-problem = Højden skal være et antal millimeter over 0 og højst 2000.
editor-keep-proportions = Bevar proportioner
editor-keep-proportions-hover = Send kun den værdi, du skrev; tjenesten beregner den anden forholdsmæssigt
editor-no-prices = Tjenesten gav ingen priser for denne størrelse.
editor-prices-heading = Priser pr. stk. (fra tjenesten, for den størrelse, den har nu)
editor-from-quantity = Fra antal
editor-unit-price = Stykpris
editor-title-heading = 4 · Titel
editor-title = Titel
editor-title-hint = Logoets titel

## Forberedte ændringer og Anvend

editor-staged-heading = Forberedte ændringer
editor-nothing-staged = Intet forberedt. Ændr noget ovenfor for at se det her.
editor-staged-method = Metode: bekræft { $method }
editor-staged-colors = Farver: { $colors }
editor-staged-size = Størrelse: { $width } × { $height } mm
editor-staged-proportional = forholdsmæssig
editor-staged-title = Titel: “{ $title }”
editor-apply = Anvend
editor-sending = Sender…
editor-apply-nothing = Intet er forberedt
editor-discard = Kassér
editor-discard-hover = Glem de forberedte ændringer
editor-step-method = Metode
editor-step-colors = Farver
editor-step-size = Størrelse
editor-step-title = Titel
editor-step-done = ✔ { $step }: { $detail }
editor-step-failed = ✖ { $step } mislykkedes — intet efter det blev sendt; det forbliver forberedt.
editor-step-method-done = metode { $method } bekræftet
editor-step-colors-done = farver nu { $colors }
editor-step-title-done = titel “{ $title }”

## Opgaver

editor-task-open = Åbner logo-id { $id } i editoren
editor-task-apply = Anvender de forberedte ændringer
editor-task-commit = Godkender logoet
editor-task-preview = Farvelægger forhåndsvisningen

editor-club-title = Klubbens godkendelse
editor-club-intro = Før du godkender logoet, kan klubben godkende det på sin egen telefon: farver, metode og størrelse, som det bliver trykt. Svaret når alle holdets skriveborde.
editor-club-ask-hover = Laver en side, hvor klubben ser logoet, som det blev sendt og som det bliver trykt, med metode og størrelse, og et link til den.
editor-club-ask-disabled = Anvend eller kassér de forberedte ændringer først: klubben godkender udkastet, som tjenesten har det.
editor-club-ask-busy = Vent, til udkastets ændringer, godkendelse eller link er færdige.
editor-club-making = Laver klubbens side…
editor-club-club = Klub:
editor-club-known = Fra en tidligere ordre…
editor-club-known-hover = Udfylder klubben, dens kontaktperson og e-mail, som klubbens nyeste ordre angav dem.
editor-club-link-made = Et link til { $name }, der skal godkende „{ $title }“, åbent til { $until }. Kopiér det, mail det eller lad dem scanne koden; det vises kun nu (Send igen laver et nyt).
editor-club-asked-by = Spurgt af { $who }
editor-club-holds = Godkendelsen gælder: udkastet trykkes, som klubben så det.
editor-club-stale = Klubben godkendte en tidligere udgave: metode, størrelse eller farver er ændret siden. Spørg igen, før du godkender logoet.
editor-club-mail-subject = Logo til godkendelse: { $reference }
editor-club-mail-body = Kære { $name }

    { $shop } beder dig godkende logoet „{ $reference }“, før det gøres færdigt. Åbn linket, tjek farver, transfermetode og størrelse, og godkend eller bed om ændringer:

    { $link }

    Linket virker til { $until }.

    Med venlig hilsen
    { $shop }
editor-commit-club-approved = { $who } godkendte udkastet, som det er nu ({ $when }).
editor-commit-club-missing = Klubben har ikke godkendt udkastet, som det er nu.
editor-commit-club-reading = Om klubben har godkendt udkastet, bliver stadig læst.
editor-commit-club-unreadable = Om klubben har godkendt udkastet, kan ikke læses nu: { $reason }
editor-commit-club-changed = udkastet er ændret, siden klubben godkendte det (på en anden arbejdsplads eller af tjenesten), så det blev ikke godkendt endeligt. Åbn det igen for at se det; spørg så klubben igen, eller godkend uden klubbens godkendelse.
editor-commit-club-never = Ingen i klubben er blevet spurgt: „Bed klubben godkende…“ sender dem et link først.
editor-commit-club-anyway = Godkend logoet uden klubbens godkendelse
