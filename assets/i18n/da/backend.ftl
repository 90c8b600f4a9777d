# Danske tekster til backend. Hver besked har sin engelske tvilling i ../en/backend.ftl.ftl.
