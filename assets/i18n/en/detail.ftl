# English texts of detail. Each message has its Danish twin in ../da/detail.ftl.ftl.
