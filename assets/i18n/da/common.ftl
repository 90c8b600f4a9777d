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
