# English texts of backend. Each message has its Danish twin in ../da/backend.ftl.ftl.
