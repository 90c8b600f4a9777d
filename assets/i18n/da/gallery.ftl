# Danske tekster til gallery. Hver besked har sin engelske tvilling i ../en/gallery.ftl.ftl.
