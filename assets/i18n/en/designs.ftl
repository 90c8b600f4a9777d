# English texts of designs. Each message has its Danish twin in ../da/designs.ftl.ftl.

## The Designs screen (src/ui/designs/mod.rs)

designs-title = Designs
designs-intro = Open a design by its id. The service has no list of designs and cannot look one up by item number (MUL…), so the quick picks are the designs this app has seen in orders, opened or cloned.
designs-opening-request = Opening design { $id }
designs-drawing-request = Drawing the design
designs-created = { $count ->
    [one] { $count } design created.
   *[other] { $count } designs created.
}
designs-opening = Opening the design…
designs-none-open = No design open
designs-none-open-body = Type a design id above, or pick one the app has seen.
designs-id-label = Design id
designs-id-hint = e.g. 20001
designs-open-button = Open design
designs-mul-not-id = The service cannot look designs up by item number, so { $text } cannot be opened; type the design's id (a number such as 20001).
designs-id-invalid = Type the design's id, a whole number such as 20001.
designs-seen-here = Seen here:
designs-open-id = Open design { $id }
designs-new-designs = New designs
designs-item-no = Item no.
designs-column-title = Title
designs-none-not-finalized = none (not finalized)
designs-open = Open
designs-untitled = Untitled design
designs-id-fact = Design id { $id }
designs-item-no-fact = · Item no. { $mul }
designs-copy = ❐ Copy
designs-copy-hint = Copy the item number (designMul in orders)
designs-copied = Item number { $mul } copied.
designs-no-item-no-yet = · no item number yet
designs-style = Style { $style }
designs-heating-code = Heating code { $code }
designs-finalized = Finalized: it can be ordered by its id or item number.
designs-status-no-item-no = no item number
designs-not-finalized = Not finalized ({ $status }): the service fails orders of it until it is Done with an item number.
designs-clone = Clone…
designs-clone-hint = Create new designs from this one, with changed placements
designs-order = Order…
designs-order-hint = Add it to the order being composed
designs-order-disabled-hint = Only finalized (Done) designs can be ordered.
designs-badge-not-finalized = Not finalized
designs-badge-finalized-hint = Finalized: can be ordered
designs-badge-not-finalized-hint = Not finalized: cannot be ordered yet
designs-kind-name = Name placeholder
designs-kind-name-hint = Each garment's name is printed here (given when ordering)
designs-kind-number = Number placeholder
designs-kind-number-hint = Each garment's number is printed here (given when ordering)
designs-kind-text = Text placeholder
designs-kind-text-hint = A text given when ordering is printed here
designs-kind-transfer = Transfer

## The clone form (src/ui/designs/form.rs)

# The title a new variation starts with; $title is the source design's.
designs-variation-title = { $title } – variation { $n }
designs-enter-x = Enter the X coordinate as a number, e.g. 120 or 85.5.
designs-enter-y = Enter the Y coordinate as a number, e.g. 120 or 85.5.
designs-enter-angle = Enter the angle in degrees as a number, e.g. 0 or -15.

## The canvas's logo picker (src/ui/designs/picker.rs)

designs-picker-search = Search logos to add
designs-picker-close = Close the logo picker
designs-picker-add-hint = Drop it in the centre of the view shown
designs-searching-logos = Searching logos

## A design's views and placements (src/ui/designs/design_view.rs)

designs-views = Views
designs-views-drawing = Drawing the design's views…
designs-drawn-here-views = Drawn here — this service does not draw design views.
designs-drawn-here-thumbnail = Drawn here — this service does not draw design thumbnails.
designs-drawn-here-hover = logodesk drew the garment and each logo's own picture at its placement itself. It asks the service again in a while.
designs-views-none = This design has no views: the service drew no picture of its garment.
designs-show-view = Show view { $name }
designs-show-view-large = Show { $name } large
# What the zoom buttons of the large view belong to (shell-zoom-out-of: "Zoom out of the …").
designs-zoom-design-view = design view
designs-design-view = Design view { $name }
designs-logo = Logo
designs-view-help = Wheel or pinch to zoom, drag to pan; click a logo to find its row below.
designs-placements = Placements
designs-placements-none = This design has no logos placed.
designs-column-view = View
designs-column-logo-id = Logo id / item no.
designs-select-placement = Select placement { $n }
designs-select-placement-hint = Mark it on the view
designs-logo-unreadable = (logo not readable)
designs-open-placement-logo = Open logo of placement { $n }
designs-open-logo-hint = Open the logo

## Cloning a design (src/ui/designs/clone.rs, canvas.rs)

designs-drawing-garment-request = Drawing the garment
designs-drawing-preview-request = Drawing the preview
designs-cloning-request = Cloning the design
designs-clone-heading = Clone into new designs
designs-clone-intro = Each variation becomes a new design with exactly the placements listed (remove the ones it should not have). Place the logos of the variation on the canvas by dragging, or type the numbers beside it. A finalized source gives finalized clones with new item numbers.
designs-variation = Variation { $n }
designs-variation-title-name = Variation { $n } title
designs-on-canvas = On the canvas
designs-edit-on-canvas = Edit on the canvas
designs-edit-variation-on-canvas = Edit variation { $n } on the canvas
designs-remove-variation = Remove variation
designs-remove-variation-n = Remove variation { $n }
designs-add-variation = Add variation
designs-create = { $count ->
    [one] Create { $count } design
   *[other] Create { $count } designs
}
designs-fix-problems-first = Fix the problems marked above first.
designs-garment-no-views = This design's garment has no views to place logos on.
designs-garment-failed = The garment could not be drawn: { $reason }
designs-drawing-garment = Drawing the garment…
designs-canvas-view = Canvas view { $name }
# What the canvas's zoom buttons belong to (shell-zoom-out-of: "Zoom out of the …").
designs-zoom-canvas = canvas
designs-undo = ↶ Undo
designs-undo-hint = Undo the last placement edit (Ctrl+Z)
designs-redo = ↷ Redo
designs-redo-hint = Redo (Ctrl+Shift+Z or Ctrl+Y)
designs-add-logo = Add logo…
designs-add-logo-hint = Search a Done logo and drop it in the centre of this view
designs-preview-service = As the printer will make it
designs-preview-service-hint = The service's own picture of these placements
designs-preview-fix = Preview — fix the numbers to update
designs-preview-updating = Preview — updating…
designs-preview-updating-hint = Drawn here at once; the service's picture replaces it when it comes
designs-scale-assumed = Scale assumed: 2 px per mm.
designs-preview-failed = The service's picture could not be made ({ $reason }); the drawing here stays.
designs-variation-no-logos = No logos: the new design will have none. Add one with "Add logo…" on the canvas.
designs-column-angle = Angle °
designs-column-x = X
designs-column-y = Y
designs-placement-problem = Placement { $m }: { $problem }
designs-cell-view = Variation { $n } placement { $m } view
designs-cell-x = Variation { $n } placement { $m } x
designs-cell-y = Variation { $n } placement { $m } y
designs-cell-angle = Variation { $n } placement { $m } angle
designs-select-placement-of = Select placement { $m } of variation { $n }
designs-select-on-canvas-hint = Logo { $id }: select it on the canvas
designs-remove-placement-of = Remove placement { $m } of variation { $n }
designs-remove-placement-hint = Remove this logo from the variation
designs-clone-canvas = Clone canvas
designs-canvas-keys-help = Drag a logo to move it (it snaps to the centre line; hold Alt not to) · drag the round handle, or press [ ] (R, Shift+R), to turn it by 15° · arrow keys move it 1 px (Shift: 10 px) · Delete removes it · Ctrl+Z undoes, Ctrl+Shift+Z or Ctrl+Y redoes · wheel zooms, drag the garment to pan
designs-unread-placements = This design also lists placements under { $keys }, which logodesk cannot read; they are not shown here.
