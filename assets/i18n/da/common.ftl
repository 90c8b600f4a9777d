# logodesks danske tekster. Hver besked her har en engelsk tvilling i en.ftl med de samme
# argumenter (testene i src/i18n tjekker det).

## Antal (Fluent vælger "one" eller "other" efter sprogets egne regler)

count-garments = { $count ->
    [one] { $count } trøje
   *[other] { $count } trøjer
}
count-rows = { $count ->
    [one] { $count } række
   *[other] { $count } rækker
}
count-colors = { $count ->
    [one] { $count } farve
   *[other] { $count } farver
}
count-problems = { $count ->
    [one] { $count } problem
   *[other] { $count } problemer
}
count-orders = { $count ->
    [one] { $count } ordre
   *[other] { $count } ordrer
}

## Fælles ord

common-details = Detaljer
common-hide-details = Skjul detaljer
common-dismiss = Luk
common-close = Luk
common-cancel = Annuller

## Tjenestens værdier som de vises (src/ui/names.rs); engelsk beholder tjenestens ord

status-draft = Kladde
status-done = Færdig
logo-type-transfer = Tryk
fee-type-startup = Opstart
fee-type-fee = Gebyr
logo-type-text = Tekstlogo
logo-type-name = Navnelogo
logo-type-number = Nummerlogo
task-status-pending = venter
task-status-finished = færdig
# En bredde og en højde, hver skrevet på sprogets måde.
size-mm = { $width } × { $height } mm

## Offline: what the disk cache answered because the service could not be reached

stale-mark = Ikke opdateret — offline, viser det, der blev gemt den { $when }
stale-mark-hover = Tjenesten kunne ikke nås, så logodesk viser det, den gemte, da du sidst så det. Det bliver opdateret, når tjenesten svarer igen (Opdatér).
io-not-found = filen findes ikke
io-permission-denied = denne bruger må ikke læse den
io-is-a-directory = det er en mappe, ikke en fil
io-invalid-data = det er ikke tekst (UTF-8)
io-refused = intet svarer dér: forbindelsen blev afvist
io-reset = den anden ende lukkede forbindelsen
io-timed-out = intet svar i tide
io-no-route = denne computer har ingen vej dertil på netværket
crash-notice-earlier = logodesk stødte på en fejl under en tidligere kørsel. En note om den ligger i { $note }; send den, med logfilerne ved siden af, til den, der hjælper jer med logodesk.
crash-note-written = logodesk stødte på en fejl og skrev en note om den i { $note }. Send noten, med logfilerne ved siden af, til den, der hjælper jer med logodesk; start så logodesk igen, hvis det stoppede.
crash-note-unwritten = logodesk stødte på en fejl og kunne ikke skrive en note om den i { $folder } ({ $reason }).
view-front = Forside
view-back = Ryg
view-left-sleeve = Venstre ærme
view-right-sleeve = Højre ærme
view-left-leg = Venstre ben
view-right-leg = Højre ben
