# English texts of detail. Each message has its Danish twin in ../da/detail.ftl.ftl.

detail-back = ← Logos
detail-opening = Opening the logo…
detail-open-failed = This logo could not be opened
detail-subtitle-item = Item no. { $item } · logo id { $id }
detail-subtitle-no-item = No item number yet (commit the draft to get one) · logo id { $id }
detail-order = Order…
detail-order-hover = Add it to the order being composed, as a loose transfer
detail-order-disabled = Commit the draft first: only finished logos can be ordered.
detail-edit-draft = ✎ Edit draft
detail-edit-draft-hover = Change method, colors, size and title with a live preview, then commit
detail-copy-item-number = ❐ Copy item no.
detail-item-copied = Item number { $item } copied.
detail-no-item-number-yet = This logo has no item number yet: it gets one when the draft is committed.

## The picture

detail-picture = Logo picture
detail-no-picture = No picture
detail-zoom-fit = Fit
detail-zoom-fit-hover = Show the whole picture (double-click the picture)
detail-zoom-actual-hover = One image pixel per screen pixel
detail-zoom-out = Zoom out
detail-zoom-in = Zoom in
detail-zoom-status = { $percent } %  ·  { $width } × { $height } px  ·  scroll to zoom, drag to pan

## Facts

detail-facts = Details
detail-status = Status
detail-type = Type
detail-method = Transfer method
detail-method-not-chosen = Not chosen yet
detail-size = Size
detail-in-storage = In storage
detail-units = { $count ->
    [one] { $units } unit
   *[other] { $units } units
}
detail-logo-id = Logo id
detail-item-number = Item number

## Prices, fees, colors

detail-price-tiers = Price tiers
detail-price-tiers-explained = Each unit costs the price of the highest tier its ordered quantity reaches.
detail-from-quantity = From quantity
detail-price = Price
detail-currency = Currency
detail-no-prices = No prices are given.
detail-fees = Additional fees
detail-no-fees = No additional fees apply to this logo.
detail-fee-sku = SKU { $sku }
detail-fee-startup-meaning = Startup fee: charged once per order when the ordered quantity reaches the threshold.
detail-fee-meaning = Fee: its price is added to the order as many times as the multiplier says.
detail-fee-threshold = Threshold (quantity)
detail-fee-multiplier = Multiplier (times)
detail-colors = Colors ({ $count })
detail-no-colors = No ink colors are listed for this logo.
detail-color-id = ID
detail-color-name = Name
detail-color-hex = Hex

## Tasks

detail-task-open-id = Opening logo id { $id }
detail-task-open-item = Opening item number { $item }
