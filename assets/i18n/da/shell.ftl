# Danske tekster til shell. Hver besked har sin engelske tvilling i ../en/shell.ftl.ftl.
