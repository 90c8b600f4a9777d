# Danske tekster til designs. Hver besked har sin engelske tvilling i ../en/designs.ftl.ftl.
