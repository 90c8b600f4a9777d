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
