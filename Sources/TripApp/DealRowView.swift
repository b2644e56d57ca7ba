import Foundation
import Gtk
import TripCore
import TripViewModels

/// One row of the Deals list: picture, title, hotel count and price.
/// Recycled by the list: `show` may be called again with another deal.
@MainActor
final class DealRowView: Widget, KeptRow {
    private let picture = Picture()
    private let title = Label()
    private let hotels = Label()
    let price = Label()
    private let images: any ImageSource
    private var pictureURL: URL?
    private var pictureTask: Task<Void, Never>?
    /// The picture's place, in points.
    private static let pictureSize = (width: 120, height: 80)

    init(images: any ImageSource) {
        self.images = images
        let row = Box(.horizontal, spacing: 16)
        super.init(floating: row.pointer)

        // One widget: the placeholder is the thumb's style (a picture icon on a faint ground),
        // which the picture, once shown, covers.
        picture.addCSSClass("deal-thumb")
        picture.clipsToRoundedCorners = true
        picture.setSizeRequest(width: Self.pictureSize.width, height: Self.pictureSize.height)
        picture.valign = .center

        title.addCSSClass("deal-title")
        hotels.addCSSClass("dim-label")
        price.addCSSClass("deal-price")
        for label in [title, hotels] {
            label.xalign = 0
            label.keepsWholeTextInTooltip = true
        }
        let text = Box(.vertical, spacing: 4, [title, hotels])
        text.valign = .center
        text.hexpand = true
        price.valign = .center

        row.append(picture)
        row.append(text)
        row.append(price)
        row.setMargins(top: 8, bottom: 8, start: 12, end: 12)
    }

    func show(_ deal: DealRow) {
        title.text = deal.title
        hotels.text = deal.hotels
        price.text = deal.price
        setAccessibleLabel(deal.accessibleName)
        loadPicture(deal.imageURL)
    }

    /// Fetches the picture behind the placeholder; a missing or broken picture keeps the placeholder.
    private func loadPicture(_ url: URL?) {
        guard url != pictureURL else { return }
        pictureTask?.cancel()
        picture.clear()
        pictureURL = url
        guard let url else { return }
        let scale = picture.scaleFactor
        // Fetched and decoded off the main thread; only showing it happens on it.
        pictureTask = Task { [weak self, images] in
            guard let data = try? await images.imageData(at: url),
                  let image = await DecodedImage.decoded(data, covering: Self.pictureSize, scale: scale),
                  let self, self.pictureURL == url else { return }
            self.picture.show(image, from: (data, Self.pictureSize))
        }
    }
}
