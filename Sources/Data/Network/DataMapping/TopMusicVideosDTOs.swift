import Domain
import Foundation
import Networking

/// The store's top music videos chart, as its RSS generator answers.
public typealias TopMusicVideosResponseDTO = RSSFeedResponseDTO<TopMusicVideoEntryDTO>

extension APIEndpoints {
    /// `GET {cc}/rss/topmusicvideos/limit={N}[/genre={id}]/json`: the chart's parameters are in
    /// the path, the country in lower case.
    /// - Parameter query: A validated query.
    /// - Returns: The endpoint, decoding to the feed.
    public static func topMusicVideos(with query: ChartQuery) -> Endpoint<TopMusicVideosResponseDTO> {
        let genre = query.genreID.map { "/genre=\($0)" } ?? ""
        return Endpoint(
            path: "\(query.country.lowercased())/rss/topmusicvideos/limit=\(query.limit)\(genre)/json",
            headers: headers, isCacheable: { !$0.entries.isEmpty })
    }
}

/// One entry of the chart; every part may be missing. Ids are strings (`"1673423419"`).
public struct TopMusicVideoEntryDTO: Decodable, Equatable, Sendable {
    /// A `link` of the entry: the page (`rel=alternate`) or the preview (`rel=enclosure`, with
    /// its length in milliseconds).
    public struct Link: Decodable, Equatable, Sendable {
        public let attributes: [String: String]
        public let duration: RSSValue?

        private enum CodingKeys: String, CodingKey {
            case attributes
            case duration = "im:duration"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            attributes = (try? RSSValue(from: decoder))?.attributes ?? [:]
            duration = try? container.decodeIfPresent(RSSValue.self, forKey: .duration)
        }
    }

    public let name: RSSValue?
    public let artist: RSSValue?
    /// The page's URL as the label, the track id as the attribute `im:id`.
    public let id: RSSValue?
    public let price: RSSValue?
    public let images: [RSSValue]
    public let category: RSSValue?
    public let releaseDate: RSSValue?
    public let links: [Link]

    private enum CodingKeys: String, CodingKey {
        case name = "im:name"
        case artist = "im:artist"
        case id
        case price = "im:price"
        case images = "im:image"
        case category
        case releaseDate = "im:releaseDate"
        case links = "link"
    }

    public init(from decoder: any Decoder) throws {
        let entry = try decoder.container(keyedBy: CodingKeys.self)
        func value(_ key: CodingKeys) -> RSSValue? { try? entry.decodeIfPresent(RSSValue.self, forKey: key) }
        name = value(.name)
        artist = value(.artist)
        id = value(.id)
        price = value(.price)
        category = value(.category)
        releaseDate = value(.releaseDate)
        images =
            (try? entry.decodeIfPresent(OneOrMany<Lenient<RSSValue>>.self, forKey: .images))??
            .elements.compactMap(\.value) ?? []
        links =
            (try? entry.decodeIfPresent(OneOrMany<Lenient<Link>>.self, forKey: .links))??
            .elements.compactMap(\.value) ?? []
    }
}

extension TopMusicVideoEntryDTO {
    /// The entry as a `MusicVideo`, or `nil` without a track id or a title. What the chart does
    /// not say (collection, explicitness, country) is left out; a lookup by id has it.
    /// - Parameter position: The entry's place in the feed, 1 for the top.
    func toDomain(position: Int? = nil) -> MusicVideo? {
        guard let text = id?.attributes["im:id"], let trackID = Int(text), trackID > 0, let title = name?.label else {
            return nil
        }
        let preview = links.first { $0.attributes["rel"] == "enclosure" }
        let pages = [links.first { $0.attributes["rel"] == "alternate" }?.attributes["href"], id?.label]
        return MusicVideo(
            id: trackID, title: LenientValue.text(title), artistName: artist?.label.map(LenientValue.text),
            artistID: Self.storeID(artist?.attributes["href"]),
            collectionName: nil,
            releaseDate: releaseDate?.label.flatMap(ReleaseDateParser.date(from:)),
            duration: preview?.duration?.label.flatMap(Double.init).map { $0 / 1000 },
            genre: category?.attributes["label"].map(LenientValue.text), explicitness: .unknown,
            price: StorePrice.forSale(price?.attributes["amount"].flatMap(LenientValue.decimal)),
            collectionPrice: nil, country: nil,
            currency: price?.attributes["currency"].map(LenientValue.text),
            trackLink: pages.lazy.compactMap(Self.webLink).first,
            artistLink: Self.webLink(artist?.attributes["href"]),
            previewLink: Self.webLink(preview?.attributes["href"]),
            artworkLink: Self.webLink(images.last?.label), chartPosition: position)
    }

    private static func webLink(_ text: String?) -> WebLink? {
        LenientValue.webURL(text)?.link
    }

    /// The id at the end of a store page's path: `…/artist/clairo/1275327009?uo=2` or `…/id1275327009`.
    private static func storeID(_ page: String?) -> Int? {
        guard let path = webLink(page)?.url?.path, let last = path.split(separator: "/").last else { return nil }
        return Int(last.hasPrefix("id") ? last.dropFirst(2) : last).flatMap { $0 > 0 ? $0 : nil }
    }
}
