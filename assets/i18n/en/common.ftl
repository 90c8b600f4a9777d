# logodesk's English texts. Every message here has its Danish twin in da.ftl, with the same
# arguments (src/i18n tests check it). Ids: <screen or area>-<what>.

## Counts (Fluent chooses "one" or "other" by the language's plural rules)

count-garments = { $count ->
    [one] { $count } garment
   *[other] { $count } garments
}
count-rows = { $count ->
    [one] { $count } row
   *[other] { $count } rows
}
count-colors = { $count ->
    [one] { $count } color
   *[other] { $count } colors
}
count-problems = { $count ->
    [one] { $count } problem
   *[other] { $count } problems
}
count-orders = { $count ->
    [one] { $count } order
   *[other] { $count } orders
}

## Shared words

common-details = Details
common-hide-details = Hide details
common-dismiss = Dismiss
common-close = Close
common-cancel = Cancel

## The service's values as shown (src/ui/names.rs); English keeps the service's words

status-draft = Draft
status-done = Done
logo-type-transfer = TRANSFER
fee-type-startup = Start-up
fee-type-fee = Fee
logo-type-text = TextLogo
logo-type-name = NameLogo
logo-type-number = NumberLogo
task-status-pending = pending
task-status-finished = finished
# A width and height, each formatted in the language's way.
size-mm = { $width } × { $height } mm

## Offline: what the disk cache answered because the service could not be reached

stale-mark = Not up to date — offline, showing what was saved on { $when }
stale-mark-hover = The service could not be reached, so logodesk shows what it saved when you last saw this. It is updated when the service answers again (Refresh).
io-not-found = the file does not exist
io-permission-denied = this user may not read it
io-is-a-directory = it is a folder, not a file
io-invalid-data = it is not text (UTF-8)
io-refused = nothing answers there: the connection was refused
io-reset = the other side closed the connection
io-timed-out = no answer in time
io-no-route = this computer has no way there on the network
crash-notice-earlier = logodesk ran into a bug during an earlier run. A note about it is in { $note }; please send it, with the log files beside it, to whoever supports your logodesk.
crash-note-written = logodesk ran into a bug and wrote a note about it to { $note }. Please send that note, with the log files beside it, to whoever supports your logodesk; then restart logodesk if it stopped.
crash-note-unwritten = logodesk ran into a bug and could not write a note about it into { $folder } ({ $reason }).
view-front = Front
view-back = Back
view-left-sleeve = Left sleeve
view-right-sleeve = Right sleeve
view-left-leg = Left leg
view-right-leg = Right leg
