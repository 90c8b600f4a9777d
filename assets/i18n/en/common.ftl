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
