# English texts of gallery. Each message has its Danish twin in ../da/gallery.ftl.ftl.

gallery-title = Logos
gallery-count = { $count ->
    [one] { $shown } logo
   *[other] { $shown } logos
}
gallery-count-matching = { $count ->
    [one] { $shown } logo matching "{ $search }"
   *[other] { $shown } logos matching "{ $search }"
}
gallery-loading-short = Loading…
gallery-loading = Loading logos…
gallery-refresh = ⟳ Refresh
gallery-page-size-short = { $size } / page
gallery-page-size = { $size } per page
gallery-page-size-hover = How many logos each request fetches
gallery-search = Search logos
gallery-search-hint = Search titles…  (Ctrl+F)
gallery-goto = Open
gallery-goto-hover = Open the logo with this item number (or # and a logo id)
gallery-goto-field = Open by number
gallery-goto-hint = Item no. or #id
gallery-goto-field-hover = An item number such as 300001, or # and a logo id such as #10001
gallery-goto-invalid = Enter an item number such as 300001, or # and a logo id such as #10001.
gallery-edit-draft = ✎ Edit draft

## Empty states and problems

gallery-account-unusable = This account cannot be used yet
gallery-open-settings = Open Settings
gallery-load-failed = The logos could not be loaded
gallery-try-again = Try again
gallery-no-match = No matching logos
gallery-no-match-body = No logo title contains "{ $search }". Check the spelling or search for part of the title.
gallery-clear-search = Clear search
gallery-empty = No logos yet
gallery-empty-body = This account has no logos. Logos uploaded to it will appear here.
gallery-count-impossible = The service reported { $count } logos, which cannot be; the list shows what it sends.
gallery-count-too-many = The service reports { $count } logos; logodesk lists the first { $listed }. Search to narrow the list.

## Cards

gallery-card-item = No. { $item }
gallery-card-no-item = No item no. yet
gallery-card-hover = { $count ->
    [one] Click to open · { $count } color
   *[other] Click to open · { $count } colors
}

## Tasks

gallery-task-load = Loading logos
gallery-task-load-more = Loading more logos
