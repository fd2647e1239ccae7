import Foundation

/// The body the service sends with HTTP 400: `{"errorMessage": "Invalid value(s) for key(s): [country]"}`.
struct ErrorResponseDTO: Decodable {
    let errorMessage: String?
}
