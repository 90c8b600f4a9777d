# Skrivebordets notifikationer uden for vinduet (src/notify/) og deres indstilling.
notify-order-completed-title = Ordre gennemført
notify-order-failed-title = Ordre mislykkedes
notify-task-finished-title = Vektorisering færdig
notify-club-title = Klubben har svaret
notify-order-completed = Ordre { $reference } til { $recipient } { $tracking ->
    [none] er gennemført.
   *[other] (sporings-id { $tracking }) er gennemført.
}
notify-order-failed = Ordre { $reference } til { $recipient } { $tracking ->
    [none] mislykkedes: { $why }
   *[other] (sporings-id { $tracking }) mislykkedes: { $why }
}
notify-open = Åbn
notify-settings = Notifikationer
notify-setting = Vis skrivebordsnotifikationer
notify-setting-hint = Når en ordre bliver gennemført eller mislykkes, en vektoriseringsopgave bliver færdig, eller en klub svarer på sin korrektur, mens logodesk ikke er forrest. Klik på en for at åbne ordren.
