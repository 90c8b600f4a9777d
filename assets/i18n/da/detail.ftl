# Danske tekster til detail. Hver besked har sin engelske tvilling i ../en/detail.ftl.ftl.

detail-back = ← Logoer
detail-opening = Åbner logoet…
detail-open-failed = Logoet kunne ikke åbnes
detail-subtitle-item = Varenr. { $item } · logo-id { $id }
detail-subtitle-no-item = Intet varenummer endnu (godkend kladden for at få et) · logo-id { $id }
detail-order = Bestil…
detail-order-hover = Læg det i ordren, du er ved at sammensætte, som løst tryk
detail-order-disabled = Godkend kladden først: kun færdige logoer kan bestilles.
detail-edit-draft = ✎ Ret kladde
detail-edit-draft-hover = Ret metode, farver, størrelse og titel med levende forhåndsvisning, og godkend så
detail-copy-item-number = ❐ Kopiér varenr.
detail-item-copied = Varenummer { $item } er kopieret.
detail-no-item-number-yet = Logoet har ikke noget varenummer endnu: det får et, når kladden godkendes.

## Billedet

detail-picture = Logobillede
detail-no-picture = Intet billede
detail-zoom-fit = Tilpas
detail-zoom-fit-hover = Vis hele billedet (dobbeltklik på billedet)
detail-zoom-actual-hover = Én billedpixel pr. skærmpixel
detail-zoom-out = Zoom ud
detail-zoom-in = Zoom ind
detail-zoom-status = { $percent } %  ·  { $width } × { $height } px  ·  rul for at zoome, træk for at panorere

## Fakta

detail-facts = Detaljer
detail-status = Status
detail-type = Type
detail-method = Trykmetode
detail-method-not-chosen = Ikke valgt endnu
detail-size = Størrelse
detail-in-storage = På lager
detail-units = { $count ->
    [one] { $units } stk.
   *[other] { $units } stk.
}
detail-logo-id = Logo-id
detail-item-number = Varenummer

## Priser, gebyrer, farver

detail-price-tiers = Pristrin
detail-price-tiers-explained = Hver enhed koster prisen for det højeste trin, den bestilte mængde når.
detail-from-quantity = Fra antal
detail-price = Pris
detail-currency = Valuta
detail-no-prices = Der er ikke angivet nogen priser.
detail-fees = Ekstra gebyrer
detail-no-fees = Der er ingen ekstra gebyrer på dette logo.
detail-fee-sku = SKU { $sku }
detail-fee-startup-meaning = Opstartsgebyr: opkræves én gang pr. ordre, når den bestilte mængde når tærsklen.
detail-fee-meaning = Gebyr: prisen lægges til ordren så mange gange, som multiplikatoren angiver.
detail-fee-threshold = Tærskel (antal)
detail-fee-multiplier = Multiplikator (gange)
detail-colors = Farver ({ $count })
detail-no-colors = Der er ingen trykfarver angivet for dette logo.
detail-color-id = ID
detail-color-name = Navn
detail-color-hex = Hex

## Opgaver

detail-task-open-id = Åbner logo-id { $id }
detail-task-open-item = Åbner varenummer { $item }
