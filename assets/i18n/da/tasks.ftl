# Danske tekster til tasks. Hver besked har sin engelske tvilling i ../en/tasks.ftl.ftl.

tasks-title = Vektoriseringsopgaver
tasks-subtitle = Slå en opgave op på dens id for at følge den her. Tjenesten har ingen liste over opgaver, så listen gemmes på denne computer for hver konto; ventende opgaver tjekkes med få sekunders mellemrum, til de er færdige.
tasks-team-stale = Ikke opdateret: teamets database kan ikke nås; dette er teamets liste, som den sidst blev læst. Opgaver kan følges igen, når den er tilbage.
tasks-looking-up = Slår opgave { $id } op
tasks-task-id = Opgave-id
tasks-task-id-hint = f.eks. 70001
tasks-track = Følg opgave
tasks-need-id = Skriv opgavens id, et helt tal som f.eks. 70001.
tasks-empty = Ingen opgaver følges
tasks-empty-hint = Skriv et opgave-id ovenfor for at følge opgaven, til den er færdig.
tasks-finished = Vektoriseringsopgave { $id } ({ $name }) er færdig: { $count ->
    [one] { $count } logo oprettet
   *[other] { $count } logoer oprettet
}.
tasks-no-logo-name = (intet logonavn)
tasks-card-title = Opgave { $id } · { $name }
tasks-pending-hover = Vektoriseres; tjekkes med få sekunders mellemrum
tasks-finished-hover = Færdig: de oprettede logoer står herunder
tasks-other-hover = En status, denne version ikke kender
tasks-remove = Fjern
tasks-remove-name = Fjern opgave { $id }
tasks-remove-hover = Stop med at følge opgaven (selve opgaven bliver)
tasks-price-not-known = endnu ikke kendt
tasks-method = Metode
tasks-created = Oprettet
tasks-price-range = Prisinterval
tasks-finished-at = Færdig
tasks-final-price = Endelig pris
tasks-created-logos = Oprettede logoer
tasks-logo-item = Logo { $logo } (varenr. { $item })
tasks-logo = Logo { $logo }
tasks-open-logo = Åbn logoet
tasks-last-checked = Sidst tjekket { $time }
