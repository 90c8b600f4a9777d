# Danske tekster til detail. Hver besked har sin engelske tvilling i ../en/detail.ftl.ftl.
