# English texts of editor. Each message has its Danish twin in ../da/editor.ftl.ftl.

## The screen and its header

editor-screen-title = Upload & edit
editor-screen-subtitle = From a file on disk to a committed logo
editor-back-to-draft = Back to the draft
editor-how-to-edit = To edit an existing draft, open it from Logos and choose “Edit draft”.
editor-opening = Opening the draft…
editor-subtitle = Draft editor · { $method } · { $width } × { $height } mm
editor-commit = Commit…
editor-commit-hover = Make this draft final: it gets an item number and can be ordered
editor-commit-already = This logo is already committed.
editor-commit-wait = Wait for the changes being sent.
editor-commit-staged-first = Apply or discard the staged changes first, so the committed logo is what you see.
editor-upload-another = Upload logo…
editor-upload-another-hover = Upload another file
editor-open-in-logos = Open in Logos
editor-open-in-logos-hover = The read-only view of this logo
editor-commit-question = Commit “{ $title }”?
editor-commit-irreversible = Committing is irreversible. The logo becomes Done and gets an item number; from then on it can be ordered, and its method, colors and size can never change again.
editor-commit-confirm = Commit logo
editor-cancel = Cancel
editor-uploaded = Uploaded “{ $title }”: a new draft, ready to edit.
editor-committed = Committed “{ $title }”: item number { $item }. It can be ordered now.
editor-no-item-number = (none given)
editor-commit-failed = The commit failed: { $reason }

## The picture

editor-picture = Draft picture
editor-picture-before = Before
editor-picture-before-hover = The service's current picture
editor-picture-after = After
editor-picture-after-hover = With the staged colors, previewed locally
editor-picture-split = Split
editor-picture-split-hover = Before on the left, after on the right; drag the divider
editor-picture-split-before = before
editor-picture-split-after = after
editor-picture-local-preview = Local preview · not sent yet
editor-picture-service = The service's picture
editor-picture-missing = The service sent no picture for this logo

## The service's rules

editor-rule-not-draft = This logo is committed (Done): its method, colors and size can no longer change, and the editor changes drafts only.
editor-rule-method-locked = The colors of this draft were already changed, and the service refuses to change the method after that.
editor-rule-confirm-method-first = Confirm the transfer method first: the service changes colors only after the method is confirmed.
editor-order-heading = The service's order: method → colors → size → title
editor-order-explained = Colors can change only after the method is confirmed, and the method can no longer change once the colors have changed. Changes are staged here, previewed, and sent with one Apply in this order.

## Method

editor-method-heading = 1 · Transfer method
editor-method = Transfer method
editor-method-confirmed = ✔ Confirmed in logodesk
editor-method-not-confirmed = Not confirmed yet: confirm it before changing colors
editor-method-unknown = Unknown whether it was confirmed (the draft was not made in logodesk); the service will say
editor-method-staged = ✔ Staged
editor-method-confirm = Confirm method
editor-method-confirm-hover = Stage updatemethod with this method (sent with Apply)
editor-method-undo = Undo

## Colors

editor-colors-heading = 2 · Colors
editor-colors-explained = The original colors in their original order. Choose a target for each; the picture is recolored here at once, and sent with Apply.
editor-color-unknown = Not a color seen on this account: no preview; the service decides whether it knows this id.
editor-color-target = Target for { $color }
editor-color-target-hint = id
editor-color-target-hover = Type an ink id, or choose from the palette
editor-palette = Palette
editor-palette-search = Search palette
editor-palette-search-hint = Search id or name
editor-color-staged = staged
editor-colors-reset = Reset colors
editor-colors-reset-hover = Back to the colors the service has now
editor-colors-if-not-confirmed = If the service says the method is not confirmed, confirm it above and apply again.

## Size and title

editor-size-heading = 3 · Size
editor-width = Width in mm
editor-height = Height in mm
editor-width-problem = Width must be a number of millimetres above 0 and at most 2000.
editor-height-problem = Height must be a number of millimetres above 0 and at most 2000.
editor-keep-proportions = Keep proportions
editor-keep-proportions-hover = Send only the value you typed; the service sizes the other proportionally
editor-no-prices = The service gave no prices for this size.
editor-prices-heading = Prices per unit (from the service, for the size it has now)
editor-from-quantity = From quantity
editor-unit-price = Unit price
editor-title-heading = 4 · Title
editor-title = Title
editor-title-hint = Title of the logo

## Staged changes and Apply

editor-staged-heading = Staged changes
editor-nothing-staged = Nothing staged. Change something above to preview it here.
editor-staged-method = Method: confirm { $method }
editor-staged-colors = Colors: { $colors }
editor-staged-size = Size: { $width } × { $height } mm
editor-staged-proportional = proportional
editor-staged-title = Title: “{ $title }”
editor-apply = Apply
editor-sending = Sending…
editor-apply-nothing = Nothing is staged
editor-discard = Discard
editor-discard-hover = Forget the staged changes
editor-step-method = Method
editor-step-colors = Colors
editor-step-size = Size
editor-step-title = Title
editor-step-done = ✔ { $step }: { $detail }
editor-step-failed = ✖ { $step } failed — nothing after it was sent; it stays staged.
editor-step-method-done = method { $method } confirmed
editor-step-colors-done = colors now { $colors }
editor-step-title-done = titled “{ $title }”

## Tasks

editor-task-open = Opening logo id { $id } in the editor
editor-task-apply = Applying the staged changes
editor-task-commit = Committing the logo
editor-task-preview = Recoloring the preview

editor-club-title = The club's approval
editor-club-intro = Before you commit, the club can approve the logo on its own phone: its colors, method and size as they will be printed. Its answer reaches every desk of the team.
editor-club-ask-hover = Makes a page where the club sees the logo as uploaded and as it will be printed, with its method and size, and a link to it.
editor-club-ask-disabled = Apply or discard the staged changes first: the club approves the draft as the service has it.
editor-club-ask-busy = Wait until the draft's changes, its commit or its link are done.
editor-club-making = Making the club's page…
editor-club-club = Club:
editor-club-known = From an earlier order…
editor-club-known-hover = Fills in the club, its contact and e-mail as the club's newest order named them.
editor-club-link-made = A link for { $name } to approve “{ $title }”, open until { $until }. Copy it, mail it or let them scan the code; it is shown only now (Resend makes a new one).
editor-club-asked-by = Asked by { $who }
editor-club-holds = The approval holds: the draft is printed as the club saw it.
editor-club-stale = The club approved an earlier version: the method, size or colors changed since. Ask again before you commit.
editor-club-mail-subject = Logo to approve: { $reference }
editor-club-mail-body = Dear { $name },

    { $shop } asks you to approve the logo “{ $reference }” before it is made final. Open the link, check its colors, transfer method and size, and approve or ask for changes:

    { $link }

    The link works until { $until }.

    Kind regards,
    { $shop }
editor-commit-club-approved = { $who } approved this draft as it is now ({ $when }).
editor-commit-club-missing = The club has not approved this draft as it is now.
editor-commit-club-reading = Whether the club approved this draft is still being read.
editor-commit-club-unreadable = Whether the club approved this draft cannot be read now: { $reason }
editor-commit-club-changed = the draft changed since the club approved it (on another desk, or by the service), so it was not committed. Open it again to see it; then ask the club again, or commit without its approval.
editor-commit-club-never = Nobody at the club was asked: “Ask the club to approve…” sends them a link first.
editor-commit-club-anyway = Commit without the club's approval
