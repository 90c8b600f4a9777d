# Danske tekster til history. Hver besked har sin engelske tvilling i ../en/history.ftl.ftl.
