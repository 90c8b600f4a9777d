# Danske tekster til shell. Hver besked har sin engelske tvilling i ../en/shell.ftl.ftl.

## Menuer (src/ui/shell.rs)

shell-menu-file = Filer
shell-menu-edit = Rediger
shell-menu-view = Vis
shell-menu-logo = Logo

## Navigation og statuslinje

shell-account = Konto
shell-starting = Starter…
shell-switch-account-hint = Skift konto (indlæser alt igen)
shell-sandbox-address = indbygget sandkasse
shell-organization = Organisation:
shell-busy = { $label }…
shell-busy-more = { $label }… (+{ $more } til)

## Handlinger: menutekst (src/ui/actions.rs)

shell-action-search-logos = Søg i logoer
shell-action-refresh = Opdater
shell-action-open-selected = Åbn valgt logo
shell-action-back = Tilbage til logoer
shell-action-show-gallery = Logoer
shell-action-show-settings = Indstillinger
shell-action-toggle-theme = Skift lyst/mørkt
shell-action-copy-item-number = Kopiér varenummer
shell-action-show-editor = Upload og redigér
shell-action-show-designs = Designs
shell-action-show-orders = Ordrer
shell-action-show-history = Historik
shell-action-show-tasks = Opgaver
shell-action-new-order = Ny ordre
shell-action-undo = Fortryd
shell-action-redo = Gentag
shell-action-command-palette = Kommandopalet…
shell-action-quit = Afslut

## Handlinger: hjælpetekst

shell-action-search-logos-hint = Søg i kontoens logoer efter titel
shell-action-refresh-hint = Hent det, skærmen viser, igen fra tjenesten
shell-action-open-selected-hint = Vis det valgte logo med priser
shell-action-back-hint = Tilbage til logogalleriet
shell-action-show-gallery-hint = Se kontoens logoer
shell-action-show-settings-hint = Konti, udseende og version
shell-action-toggle-theme-hint = Skift mellem lyst og mørkt tema
shell-action-copy-item-number-hint = Kopiér logoets varenummer til udklipsholderen
shell-action-show-editor-hint = Upload et logo, eller redigér en kladde, indtil den er godkendt
shell-action-show-designs-hint = Se et designs visninger, bestil eller klon det
shell-action-show-orders-hint = Sammensæt ordrer og se kladderne
shell-action-show-history-hint = Ordrer lagt eller slået op på denne computer
shell-action-show-tasks-hint = Vektoriseringsopgaver fulgt på denne computer
shell-action-new-order-hint = Start en ny ordrekladde
shell-action-undo-hint = Fortryd den seneste ændring af kladden eller ordren, du redigerer
shell-action-redo-hint = Lav den senest fortrudte ændring igen (også Ctrl+Y)
shell-action-command-palette-hint = Find enhver handling ved at skrive en del af dens navn
shell-action-quit-hint = Luk logodesk

## Kommandopalet (src/ui/palette.rs)

shell-palette-hint = Skriv for at finde en handling
shell-palette-search = Søg i handlinger
shell-palette-nothing = Ingen handling passer. Prøv et andet ord.

## Fælles widgets (src/ui/widgets/)

shell-status-done-hint = Godkendt: har et varenummer og kan bestilles
shell-status-draft-hint = Kladde: kan stadig omfarves, ændre størrelse og omdøbes; godkend den for at bestille den
shell-status-unknown-hint = En status, denne version ikke kender
# $name: hvad zoomknapperne hører til, i bestemt form, f.eks. "lærredet" (designs-canvas-name).
shell-zoom-out-of = Zoom ud på { $name }
shell-zoom-into = Zoom ind på { $name }
shell-zoom-fit-name = Tilpas { $name }
shell-zoom-out-hint = Zoom ud (eller brug hjulet over visningen)
shell-zoom-in-hint = Zoom ind (eller brug hjulet over visningen)
shell-zoom-fit = Tilpas
shell-zoom-fit-hint = Vis hele visningen
shell-logo-search-label = Søg i logoer
shell-logo-search-hint = Titel, f.eks. Nordby
shell-logo-search-none = Ingen logoer endnu.
shell-logo-search-no-match = Intet logo har "{ $searched }" i titlen.
shell-logo-search-add = Tilføj { $title }
shell-logo-search-only-done = Kun logoer med status Done kan tilføjes: godkend kladden først.

## Appen (src/app/)

shell-could-not-start = logodesk kunne ikke starte
shell-opening = Åbner…
shell-saved-file = Gemt: { $path }
# En --screenshot-kørsel, der ikke kunne gøres færdig; $screen er skærmens slug (gallery, orders, …).
shell-screenshot-timeout = Skærmen { $screen } blev ikke færdig med at indlæse inden for { $seconds } s, så der blev ikke taget noget skærmbillede.
shell-screenshot-failed = Skærmen { $screen } kunne ikke indlæse sine data: { $reason }

## Navigationen (et punkt pr. skærm)

nav-logos = Logoer
nav-logo = Logo
nav-settings = Indstillinger
nav-editor = Upload & ret
nav-orders = Ordrer
nav-history = Historik
nav-designs = Designs
nav-tasks = Opgaver

## Organisationen en konto handler for (statuslinjen)

organization-child = underorganisation { $id }
organization-own-with-id = egen organisation ({ $id })
organization-own = egen organisation

## Udbakken i statuslinjen (orders/local.rs)

shell-outbox-sending = { $count ->
    [one] 1 ordre i kø
   *[other] { $count } ordrer i kø
} · sender
shell-outbox-offline = { $count ->
    [one] 1 ordre i kø
   *[other] { $count } ordrer i kø
} · offline — sendes, når tjenesten kan nås
shell-outbox-kept = { $count ->
    [one] 1 ordre i kø
   *[other] { $count } ordrer i kø
} · gemt på denne computer, sendes når teamets database kan nås
shell-outbox-held = { $count ->
    [one] 1 ordre holdt tilbage
   *[other] { $count } ordrer holdt tilbage
} (se Historik)

## Start (app/window.rs, instance.rs)

shell-no-display = logodesk skal bruge et skrivebord til at vise sit vindue, og der blev ikke fundet noget (hverken DISPLAY eller WAYLAND_DISPLAY er sat). Start det fra en skrivebordssession, eller under xvfb-run for at tage et --screenshot.
shell-window-failed = logodesk kunne ikke åbne sit vindue: { $reason }. Tjek, at der er installeret en grafikdriver (på Linux: Mesas Vulkan- eller OpenGL-drivere).
shell-lock-failed = logodesk kan ikke låse sin datamappe { $dir } ({ $reason }). Tjek, at mappen findes, og at der kan skrives i den, eller vælg en anden med --data-dir.
shell-already-open-window = logodesk er allerede åbent på datamappen { $dir }, og dets vindue er bedt om at komme frem. Brug det vindue, eller luk det, før du starter logodesk igen. Kun ét logodesk ad gangen kan bruge en datamappe; et til kan køre med en anden mappe angivet med --data-dir.
shell-already-open-headless = logodesk kører allerede uden vindue på datamappen { $dir } (logodesk send-queued) og sender ordrerne i køen. Vent, til det er færdigt, eller stop det, før du starter logodesk igen. Kun ét logodesk ad gangen kan bruge en datamappe; et til kan køre med en anden mappe angivet med --data-dir.
shell-already-open = logodesk kører allerede på datamappen { $dir }. Skift til dets vindue, eller luk det, før du starter logodesk igen. Kun ét logodesk ad gangen kan bruge en datamappe; et til kan køre med en anden mappe angivet med --data-dir.
