# Danske tekster til composer. Hver besked har sin engelske tvilling i ../en/composer.ftl.ftl.

## Logovælgeren (picker.rs)

composer-search-logos = Søg logoer
composer-searching-logos = Søger logoer
composer-picker-add-hint = Tilføj som løs linje
composer-no-item-no = intet varenr.
composer-picker-draft = Kladde: gem kladden først

## Hent det, linjerne nævner (lookups.rs)

composer-fetching-design = Henter designet
composer-fetching-logo = Henter logoet
composer-no-item-number = intet varenummer
composer-design-not-final = Designet er ikke færdigt ({ $status }); tjenesten vil afvise ordren.
composer-design-fetch-failed = { $reason } Det bestilles efter den indtastede reference.

## Overslaget (estimate.rs)

composer-estimate = Overslag
composer-estimate-final-note = Tjenestens priser er endelige: dens beløb erstatter dette overslag, når ordren er gennemført.
composer-estimate-empty = Tilføj et design eller et logo for at se prisen.
composer-confirm-title = Læg ordre „{ $reference }“?
composer-confirm-note = Ordren sendes én gang og kan ikke ændres bagefter. Beløbene er et overslag; tjenestens priser er endelige.
composer-deliver-to = Levering til
composer-place-order = Læg ordre
composer-cancel = Annullér
composer-badge-partial = DELVIST
composer-badge-partial-hover = Nogle linjer eller gebyrer er ikke med; se nedenfor.
composer-badge-estimate = OVERSLAG
# $shown er $count skrevet i sprogets format.
composer-line-garments = { $count ->
    [one] { $shown } trøje
   *[other] { $shown } trøjer
}
composer-line-pieces = { $count ->
    [one] { $shown } stk.
   *[other] { $shown } stk.
}
composer-vat = Moms { $rate } %
composer-subtotal = Subtotal
composer-total = I alt
composer-subtotal-spoken = Anslået subtotal { $amount }
composer-vat-spoken = Anslået moms { $amount }
composer-total-spoken = Anslået i alt { $amount }
composer-not-estimated = Ikke med i overslaget:
