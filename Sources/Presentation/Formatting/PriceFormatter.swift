import Foundation

/// Formats a store price: `$1.99`, `€1.29`, `¥250`, or `1.99 CHF` for other currencies.
public enum PriceFormatter {
    private static let symbols = ["USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "AUD": "A$", "CAD": "CA$"]
    private static let wholeUnitCurrencies: Set<String> = ["JPY", "KRW", "CLP", "ISK", "TWD", "HUF"]

    /// - Parameters:
    ///   - amount: The price; `nil` gives an empty string.
    ///   - currency: ISO 4217 code, if known.
    /// - Returns: The price with its currency.
    public static func string(from amount: Decimal?, currency: String?) -> String {
        guard let amount else { return "" }
        let code = currency?.uppercased() ?? ""
        let number = digits(amount, fractionDigits: wholeUnitCurrencies.contains(code) ? 0 : 2)
        if let symbol = symbols[code] { return symbol + number }
        return code.isEmpty ? number : "\(number) \(code)"
    }

    private static func digits(_ amount: Decimal, fractionDigits: Int) -> String {
        let scale = fractionDigits == 0 ? 1 : 100
        // Decimal's own text, read back: converting through NSDecimalNumber would link the whole
        // of Foundation (CoreFoundation and ICU) into the Linux binary.
        guard let scaled = Double("\(amount * Decimal(scale))")?.rounded(), scaled.isFinite, abs(scaled) < 1e15 else {
            return "\(amount)"
        }
        let units = Int(scaled)
        let sign = units < 0 ? "-" : ""
        let magnitude = abs(units)
        guard fractionDigits > 0 else { return sign + String(magnitude) }
        return "\(sign)\(magnitude / scale).\(DurationFormatter.twoDigits(magnitude % scale))"
    }
}
