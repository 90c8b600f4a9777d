# English texts of designs. Each message has its Danish twin in ../da/designs.ftl.ftl.
