# Danske tekster til tasks. Hver besked har sin engelske tvilling i ../en/tasks.ftl.ftl.
