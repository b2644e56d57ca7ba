import Gtk
import TripCore
import TripViewModels
import TripWords

/// The Deals tab: holiday deals by destination, in the provider's order, with a Refresh button.
@MainActor
final class DealsPage {
    let root = Box(.vertical)
    private let model: DealsViewModel
    private let list: ListView<DealRow, DealRowView>
    private let status: StatusView
    private let refreshButton = Button(label: tr("Refresh"))
    private let refreshSpinner = Spinner()
    private let heading = Label()
    private let summary = Label()

    init(model: DealsViewModel, images: any ImageSource) {
        self.model = model
        list = ListView(accessibleLabel: tr("Deals"),
                        makeRow: { [weak model] in DealRowView(images: images).marked(kept: model?.showsKept == true) },
                        bind: { row, deal in row.show(deal) })
        list.addCSSClass("deals")
        status = StatusView(content: ScrolledWindow(list)) { [weak model] in model?.retry() }

        heading.addCSSClass("heading")
        heading.xalign = 0
        heading.keepsWholeTextInTooltip = true
        summary.addCSSClass("dim-label")
        summary.xalign = 0
        summary.keepsWholeTextInTooltip = true
        let headings = Box(.vertical, spacing: 2, [heading, Box(statusNamed: tr("Deals status"), .vertical, spacing: 0, [summary])])
        headings.hexpand = true
        refreshSpinner.setAccessibleLabel(tr("Refreshing"))
        refreshButton.tooltip = tr("Fetch the latest deals (Ctrl+R)")
        refreshButton.onClicked { [weak model] in model?.refresh() }
        let toolbar = Box(.horizontal, spacing: 8, [headings, refreshSpinner, refreshButton])
        toolbar.setMargins(top: 8, bottom: 8, start: 12, end: 12)

        root.append(toolbar)
        root.append(status.root)
        root.onMap { [weak model] in model?.appear() }
        observe { [weak self] in self?.render() }
    }

    private func render() {
        heading.text = model.heading
        summary.text = model.summary
        // Cut to one line on a narrow window: the tooltip has it whole, and why deals were left out.
        summary.tooltip = [model.summary, model.leftOutDetails].compactMap(\.self).joined(separator: "\n")
        summary.isVisible = !model.summary.isEmpty
        refreshSpinner.isSpinning = model.isRefreshing
        refreshSpinner.isVisible = model.isRefreshing
        refreshButton.isSensitive = !model.state.isLoading
        if let rows = model.state.value { list.store.update(to: rows) }
        list.markKept(model.showsKept)
        status.show(model.screen, notice: model.notice)
    }
}
