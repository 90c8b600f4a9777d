# Danske tekster til gallery. Hver besked har sin engelske tvilling i ../en/gallery.ftl.ftl.

gallery-title = Logoer
gallery-count = { $count ->
    [one] { $shown } logo
   *[other] { $shown } logoer
}
gallery-count-matching = { $count ->
    [one] { $shown } logo matcher "{ $search }"
   *[other] { $shown } logoer matcher "{ $search }"
}
gallery-loading-short = Henter…
gallery-loading = Henter logoer…
gallery-refresh = ⟳ Opdatér
gallery-page-size-short = { $size } / side
gallery-page-size = { $size } pr. side
gallery-page-size-hover = Hvor mange logoer hver forespørgsel henter
gallery-search = Søg i logoer
gallery-search-hint = Søg i titler…  (Ctrl+F)
gallery-goto = Åbn
gallery-goto-hover = Åbn logoet med dette varenummer (eller # og et logo-id)
gallery-goto-field = Åbn efter nummer
gallery-goto-hint = Varenr. eller #id
gallery-goto-field-hover = Et varenummer som 300001, eller # og et logo-id som #10001
gallery-goto-invalid = Skriv et varenummer som 300001, eller # og et logo-id som #10001.
gallery-edit-draft = ✎ Ret kladde

## Tomme visninger og problemer

gallery-account-unusable = Kontoen kan ikke bruges endnu
gallery-open-settings = Åbn Indstillinger
gallery-load-failed = Logoerne kunne ikke hentes
gallery-try-again = Prøv igen
gallery-no-match = Ingen logoer matcher
gallery-no-match-body = Ingen logotitel indeholder "{ $search }". Tjek stavningen, eller søg på en del af titlen.
gallery-clear-search = Ryd søgning
gallery-empty = Ingen logoer endnu
gallery-empty-body = Kontoen har ingen logoer. Logoer, der uploades til den, vises her.
gallery-count-impossible = Tjenesten oplyste { $count } logoer, hvilket ikke kan passe; listen viser det, den sender.
gallery-count-too-many = Tjenesten oplyser { $count } logoer; logodesk viser de første { $listed }. Søg for at indsnævre listen.

## Kort

gallery-card-item = Nr. { $item }
gallery-card-no-item = Intet varenr. endnu
gallery-card-hover = { $count ->
    [one] Klik for at åbne · { $count } farve
   *[other] Klik for at åbne · { $count } farver
}

## Opgaver

gallery-task-load = Henter logoer
gallery-task-load-more = Henter flere logoer
