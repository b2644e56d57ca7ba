import ArgumentParser
import Foundation
import TripCore
import TripWords
import TripWiring

/// `tripboard deals`: the holiday deals, in the provider's order.
struct DealsCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "deals", abstract: tr("Print holiday deals by destination, sorted by position."),
            discussion: tr("One row a destination: its position in the provider's order, the number of hotels and the lowest price, in the currency asked for. Examples:") + examples(
                "tripboard deals",
                "tripboard deals --json --now 2026-11-22T09:00:00Z"))
    }

    @OptionGroup var options: CommonOptions

    func run() async throws {
        let (runtime, services) = options.runtime(baseURLVariable: "TRIPBOARD_DEALS_URL")
        let result = try await services.deals.fetchDeals(DealsQuery.standard(now: runtime.now()))
        if options.json {
            let received = result.provenance?.received
            Output.print(try JSONOutput.encode(result.deals.map { DealOutput($0, received: received) }))
        } else {
            Output.print(table(result.deals))
        }
        Output.say([result.provenance?.offlineLine(.deals, now: runtime.now(), format: services.clockFormat),
                    result.leftOut.sentence(.deal)])
    }

    private func table(_ deals: [Deal]) -> String {
        let formatter = PriceFormatter()
        let rows = deals.map { deal in
            [deal.position.map(String.init) ?? "—", deal.title, deal.count.map(String.init) ?? "—",
             formatter.string(deal.minPrice, currency: deal.currency)]
        }
        return TextTable(header: [tr("POS"), tr("DESTINATION"), tr("HOTELS"), trc("lowest price", "FROM")], rows: rows,
                         rightAligned: [0, 2, 3]).rendered
    }
}

/// A deal as `--json` prints it (field names are the contract in DESIGN.md).
struct DealOutput: Encodable {
    var key: String
    var type: Int
    var id: Int
    var title: String
    @Nullable var count: Int?
    var min_price: Decimal
    var currency: String
    @Nullable var position: Int?
    @Nullable var image_url: String?
    /// When the answer holding this deal arrived (for one kept from earlier, when it first came).
    @Nullable var received: String?

    init(_ deal: Deal, received: Date?) {
        key = deal.key.description
        type = deal.key.type
        id = deal.key.id
        title = deal.title
        count = deal.count
        min_price = deal.minPrice
        currency = deal.currency
        position = deal.position
        image_url = deal.imageURL?.absoluteString
        self.received = received.map(ISO8601Instant.utcString)
    }
}
