import Foundation

/// A store price as the answers give it. The store sends `-1` (the chart `-1.00000`) for an item
/// that cannot be bought on its own: such an item has no price, never a negative one, whichever
/// answer it came in.
enum StorePrice {
    /// `price` when it is one an item sells for; `nil` for none or a negative one.
    static func forSale(_ price: Decimal?) -> Decimal? {
        guard let price, price >= 0 else { return nil }
        return price
    }
}
