import Foundation

/// The store countries a query may name: the ISO 3166-1 alpha-2 codes, a static list (no
/// dependency, no network), so that a code of the right shape that names no country (`ZZ`) is
/// refused before anything is sent, as a malformed one is.
public enum CountryCodes {
    /// Every code ISO 3166-1 assigns (the 249 of the standard, as the time-zone database lists
    /// them), and `XK`, the user-assigned code Apple's stores (and the EU) use for Kosovo.
    public static let assigned: Set<String> = [
        "AD", "AE", "AF", "AG", "AI", "AL", "AM", "AO", "AQ", "AR", "AS", "AT", "AU", "AW", "AX", "AZ", "BA", "BB",
        "BD", "BE", "BF", "BG", "BH", "BI", "BJ", "BL", "BM", "BN", "BO", "BQ", "BR", "BS", "BT", "BV", "BW", "BY",
        "BZ", "CA", "CC", "CD", "CF", "CG", "CH", "CI", "CK", "CL", "CM", "CN", "CO", "CR", "CU", "CV", "CW", "CX",
        "CY", "CZ", "DE", "DJ", "DK", "DM", "DO", "DZ", "EC", "EE", "EG", "EH", "ER", "ES", "ET", "FI", "FJ", "FK",
        "FM", "FO", "FR", "GA", "GB", "GD", "GE", "GF", "GG", "GH", "GI", "GL", "GM", "GN", "GP", "GQ", "GR", "GS",
        "GT", "GU", "GW", "GY", "HK", "HM", "HN", "HR", "HT", "HU", "ID", "IE", "IL", "IM", "IN", "IO", "IQ", "IR",
        "IS", "IT", "JE", "JM", "JO", "JP", "KE", "KG", "KH", "KI", "KM", "KN", "KP", "KR", "KW", "KY", "KZ", "LA",
        "LB", "LC", "LI", "LK", "LR", "LS", "LT", "LU", "LV", "LY", "MA", "MC", "MD", "ME", "MF", "MG", "MH", "MK",
        "ML", "MM", "MN", "MO", "MP", "MQ", "MR", "MS", "MT", "MU", "MV", "MW", "MX", "MY", "MZ", "NA", "NC", "NE",
        "NF", "NG", "NI", "NL", "NO", "NP", "NR", "NU", "NZ", "OM", "PA", "PE", "PF", "PG", "PH", "PK", "PL", "PM",
        "PN", "PR", "PS", "PT", "PW", "PY", "QA", "RE", "RO", "RS", "RU", "RW", "SA", "SB", "SC", "SD", "SE", "SG",
        "SH", "SI", "SJ", "SK", "SL", "SM", "SN", "SO", "SR", "SS", "ST", "SV", "SX", "SY", "SZ", "TC", "TD", "TF",
        "TG", "TH", "TJ", "TK", "TL", "TM", "TN", "TO", "TR", "TT", "TV", "TW", "TZ", "UA", "UG", "UM", "US", "UY",
        "UZ", "VA", "VC", "VE", "VG", "VI", "VN", "VU", "WF", "WS", "YE", "YT", "ZA", "ZM", "ZW",
        "XK",
    ]

    /// Whether `code`, upper-cased, is a country's.
    /// - Parameter code: Two letters, in any case.
    /// - Returns: `true` for `us` or `GB`, `false` for `ZZ` or `USA`.
    public static func isAssigned(_ code: String) -> Bool {
        assigned.contains(code.uppercased())
    }

    /// What is wrong with a code `QueryValidation.country` refused, to follow the code in a
    /// message: two letters no country has (with the United Kingdom's GB for `UK`, the usual
    /// slip), or not two letters at all.
    /// - Parameter code: The refused code, as given.
    /// - Returns: `is no country's code (the United Kingdom is GB)`, `is not a two-letter country code`.
    public static func problem(with code: String) -> String {
        let scalars = code.unicodeScalars
        guard scalars.count == 2, scalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic }) else {
            return "is not a two-letter country code"
        }
        return code.uppercased() == "UK" ? "is no country's code (the United Kingdom is GB)" : "is no country's code"
    }
}
