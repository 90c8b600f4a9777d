# English texts of history. Each message has its Danish twin in ../da/history.ftl.ftl.
