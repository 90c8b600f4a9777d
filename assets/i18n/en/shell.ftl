# English texts of shell. Each message has its Danish twin in ../da/shell.ftl.ftl.
