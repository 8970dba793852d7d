connection: "warehouse"

include: "*.view.lkml"

explore: orders {
  description: "Orders placed in the shop"
}
