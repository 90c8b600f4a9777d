# English texts of shell. Each message has its Danish twin in ../da/shell.ftl.ftl.

## Menus (src/ui/shell.rs)

shell-menu-file = File
shell-menu-edit = Edit
shell-menu-view = View
shell-menu-logo = Logo

## Navigation and status bar

shell-account = Account
shell-starting = Starting…
shell-switch-account-hint = Switch account (reloads everything)
shell-sandbox-address = built-in sandbox
shell-organization = Organization:
shell-busy = { $label }…
shell-busy-more = { $label }… (+{ $more } more)

## Actions: menu text (src/ui/actions.rs)

shell-action-search-logos = Search logos
shell-action-refresh = Refresh
shell-action-open-selected = Open selected logo
shell-action-back = Back to logos
shell-action-show-gallery = Logos
shell-action-show-settings = Settings
shell-action-toggle-theme = Toggle light/dark
shell-action-copy-item-number = Copy item number
shell-action-show-editor = Upload & edit
shell-action-show-designs = Designs
shell-action-show-orders = Orders
shell-action-show-history = History
shell-action-show-tasks = Tasks
shell-action-new-order = New order
shell-action-undo = Undo
shell-action-redo = Redo
shell-action-command-palette = Command palette…
shell-action-quit = Quit

## Actions: hover text

shell-action-search-logos-hint = Search the account's logos by title
shell-action-refresh-hint = Load what this screen shows again from the service
shell-action-open-selected-hint = Show the selected logo with its pricing
shell-action-back-hint = Return to the logo gallery
shell-action-show-gallery-hint = Browse the account's logos
shell-action-show-settings-hint = Accounts, appearance and version
shell-action-toggle-theme-hint = Switch between the light and the dark theme
shell-action-copy-item-number-hint = Copy the logo's item number to the clipboard
shell-action-show-editor-hint = Upload a logo, or edit a draft until it is committed
shell-action-show-designs-hint = Look at a design's views, order or clone it
shell-action-show-orders-hint = Compose orders and see the drafts
shell-action-show-history-hint = Orders placed or looked up on this computer
shell-action-show-tasks-hint = Vectorize tasks tracked on this computer
shell-action-new-order-hint = Start a new order draft in the composer
shell-action-undo-hint = Undo the last change to the draft or order being edited
shell-action-redo-hint = Make the last undone change again (also Ctrl+Y)
shell-action-command-palette-hint = Find any action by typing part of its name
shell-action-quit-hint = Close logodesk

## Command palette (src/ui/palette.rs)

shell-palette-hint = Type to find an action
shell-palette-search = Search actions
shell-palette-nothing = No action matches. Try another word.

## Shared widgets (src/ui/widgets/)

shell-status-done-hint = Committed: has an item number and can be ordered
shell-status-draft-hint = Draft: can still be recolored, resized and renamed; commit it to order it
shell-status-unknown-hint = A status this version does not know
# $name: what the zoom buttons belong to, e.g. "canvas" (designs-canvas-name).
shell-zoom-out-of = Zoom out of the { $name }
shell-zoom-into = Zoom into the { $name }
shell-zoom-fit-name = Fit the { $name }
shell-zoom-out-hint = Zoom out (or the wheel over the view)
shell-zoom-in-hint = Zoom in (or the wheel over the view)
shell-zoom-fit = Fit
shell-zoom-fit-hint = Show the whole view
shell-logo-search-label = Search logos
shell-logo-search-hint = Title, e.g. Nordby
shell-logo-search-none = No logos yet.
shell-logo-search-no-match = No logo's title contains "{ $searched }".
shell-logo-search-add = Add { $title }
shell-logo-search-only-done = Only Done logos can be added: commit the draft first.

## The app (src/app/)

shell-could-not-start = logodesk could not start
shell-opening = Opening…
shell-saved-file = Saved { $path }
# A --screenshot run that could not finish; $screen is the screen's slug (gallery, orders, …).
shell-screenshot-timeout = The { $screen } screen did not finish loading within { $seconds } s, so no screenshot was taken.
shell-screenshot-failed = The { $screen } screen could not load its data: { $reason }

## The navigation (one entry per screen)

nav-logos = Logos
nav-logo = Logo
nav-settings = Settings
nav-editor = Upload & edit
nav-orders = Orders
nav-history = History
nav-designs = Designs
nav-tasks = Tasks

## The organization an account acts for (status bar)

organization-child = child organization { $id }
organization-own-with-id = own organization ({ $id })
organization-own = own organization

## The outbox in the status bar (orders/local.rs)

shell-outbox-sending = { $count ->
    [one] 1 order queued
   *[other] { $count } orders queued
} · sending
shell-outbox-offline = { $count ->
    [one] 1 order queued
   *[other] { $count } orders queued
} · offline — will send when the service is reachable
shell-outbox-kept = { $count ->
    [one] 1 order queued
   *[other] { $count } orders queued
} · kept on this computer, sent once the team database is reachable
shell-outbox-held = { $count ->
    [one] 1 order held
   *[other] { $count } orders held
} (see History)

## Starting (app/window.rs, instance.rs)

shell-no-display = logodesk needs a desktop to show its window, and none was found (neither DISPLAY nor WAYLAND_DISPLAY is set). Start it from a desktop session, or under xvfb-run to take a --screenshot.
shell-window-failed = logodesk could not open its window: { $reason }. Check that a graphics driver is installed (on Linux: Mesa's Vulkan or OpenGL drivers).
shell-lock-failed = logodesk cannot lock its data folder { $dir } ({ $reason }). Check that the folder exists and is writable, or choose another one with --data-dir.
shell-already-open-window = logodesk is already open on the data folder { $dir }, and its window was asked to come forward. Use that window, or close it before starting logodesk again. Only one logodesk at a time can use a data folder; a second one can run with another folder given by --data-dir.
shell-already-open-headless = logodesk is already running without a window on the data folder { $dir } (logodesk send-queued), sending the queued orders. Wait until it has finished or stop it before starting logodesk again. Only one logodesk at a time can use a data folder; a second one can run with another folder given by --data-dir.
shell-already-open = logodesk is already running on the data folder { $dir }. Switch to its window, or close it before starting logodesk again. Only one logodesk at a time can use a data folder; a second one can run with another folder given by --data-dir.
