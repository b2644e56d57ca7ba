import Gtk
import TripCore
import TripViewModels
import TripWords

/// The Search tab: the departures form, results that fill in as pages arrive, and a row's details.
@MainActor
final class SearchPage {
    let root = Stack()
    private let model: SearchViewModel
    private let origin: DropDown
    private let destination: DropDown
    private let calendar = Gtk.Calendar(accessibleLabel: tr("Date"))
    private let dateButton: MenuButton
    private let adults = SpinButton(range: SettingKey.searchAdults.range!, accessibleLabel: tr("Adults"))
    private let children = SpinButton(range: SettingKey.searchChildren.range!, accessibleLabel: tr("Children"))
    private let seniors = SpinButton(range: SettingKey.searchSeniors.range!, accessibleLabel: tr("Seniors"))
    private let currency = DropDown(items: SearchViewModel.currencies, accessibleLabel: tr("Currency"))
    private let language = DropDown(items: SearchViewModel.languages.map(\.1), accessibleLabel: tr("Language"))
    private let sort = DropDown(items: SearchViewModel.SortOrder.allCases.map(\.displayName), accessibleLabel: tr("Sort by"))
    private let searchButton = Button(label: tr("Search"))
    private let cancelButton = Button(label: tr("Cancel"))
    private let problem = Label()
    private let progress = Label()
    private let progressSpinner = Spinner()
    private let filterButton: MenuButton
    private let clearFiltersButton = Button(label: FilterWords.clear)
    /// The operator check buttons: relabelled when only their counts change, remade when the operators do.
    private let operatorsBox = Box(.vertical, spacing: 4)
    private var operatorChecks: [(choice: DepartureFilter.OperatorCount, check: CheckButton)] = []
    private let noOperators = Label(FilterWords.noOperatorsYet)
    private let timeChecks = DepartureFilter.TimeOfDay.allCases.map { CheckButton(label: $0.label) }
    private let amenityChecks = DepartureFilter.Amenity.allCases.map { CheckButton(label: $0.label) }
    private let highestPrice = Entry(placeholder: FilterWords.anyPrice)
    private let priceCurrency = Label()
    private let priceProblem = Label()
    private let list: ListView<DepartureRow, DepartureRowView>
    private let status: StatusView
    /// Holds the results list.
    let scroller: ScrolledWindow
    private let details: DepartureDetailsView

    init(model: SearchViewModel, mapBackground: MapBackground) {
        self.model = model
        let cityNames = model.cities.map(\.name)
        origin = DropDown(items: cityNames, accessibleLabel: tr("From"))
        destination = DropDown(items: cityNames, accessibleLabel: tr("To"))
        let popover = Popover(child: calendar)
        dateButton = MenuButton(label: "", popover: popover)
        list = ListView(accessibleLabel: tr("Departures"), makeRow: { [weak model] in
            DepartureRowView().marked(kept: model?.showsKept == true)
        }, bind: { row, departure in
            row.show(departure)
        })
        scroller = ScrolledWindow(list)
        status = StatusView(content: scroller) { [weak model] in model?.retry() }
        details = DepartureDetailsView(background: mapBackground)
        filterButton = MenuButton(label: FilterWords.filter, popover: Popover(child: Self.filterPanel(
            operators: operatorsBox, noOperators: noOperators, times: timeChecks, price: highestPrice,
            currency: priceCurrency, priceProblem: priceProblem, amenities: amenityChecks)))

        let swap = Button(label: tr("Swap"))
        swap.tooltip = tr("Swap where from and where to")
        problem.addCSSClass("error")
        problem.xalign = 0
        problem.wraps = true
        progress.xalign = 0
        progress.wraps = true
        progress.hexpand = true
        progress.addCSSClass("dim-label")
        progressSpinner.setAccessibleLabel(tr("Searching"))
        searchButton.addCSSClass("suggested-action")

        // Each field with its caption beside it, in rows that wrap when the window is narrow.
        func field(_ caption: String, _ control: Widget) -> Widget {
            Box(.horizontal, spacing: 6, [Label.caption(caption), control])
        }
        let places = FlowBox([
            field(tr("From"), origin), swap, field(tr("To"), destination), field(tr("Date"), dateButton),
        ])
        let people = FlowBox([
            field(tr("Adults"), adults), field(tr("Children"), children), field(tr("Seniors"), seniors),
            field(tr("Currency"), currency), field(tr("Language"), language), searchButton,
        ])
        let form = Box(.vertical, spacing: 8, [places, people, problem])
        form.setMargins(top: 12, bottom: 8, start: 12, end: 12)
        let searchStatus = Box(statusNamed: tr("Search status"), .horizontal, spacing: 8, [progressSpinner, progress])
        searchStatus.hexpand = true
        let resultsBar = Box(.horizontal, spacing: 8, [searchStatus, cancelButton, clearFiltersButton, filterButton,
                                                       Label.caption(tr("Sort by")), sort])
        resultsBar.setMargins(top: 0, bottom: 8, start: 12, end: 12)
        let results = Box(.vertical, spacing: 0, [form, resultsBar, status.root])
        results.setAccessibleLabel(tr("Search form and results"))

        root.addNamed(results, name: "results")
        root.addNamed(details.root, name: "details")

        origin.onSelected { [weak self] index in self?.model.origin = model.cities[index] }
        destination.onSelected { [weak self] index in self?.model.destination = model.cities[index] }
        swap.onClicked { [weak model] in model?.swap() }
        calendar.onDaySelected { [weak self] in
            self?.takeCalendarDay()
            popover.popdown()
        }
        // The arrows move the highlighted day to another month or year: that is the day searched.
        calendar.onPageTurned { [weak self] in self?.takeCalendarDay() }
        adults.onValueChanged { [weak model] in model?.adults = $0 }
        children.onValueChanged { [weak model] in model?.children = $0 }
        seniors.onValueChanged { [weak model] in model?.seniors = $0 }
        for (field, key) in [(adults, SettingKey.searchAdults), (children, .searchChildren), (seniors, .searchSeniors)] {
            field.onTextEntered { [weak model] text in model?.enter(key, text) }
        }
        currency.onSelected { [weak model] in model?.currency = SearchViewModel.currencies[$0] }
        language.onSelected { [weak model] in model?.language = SearchViewModel.languages[$0].0 }
        sort.onSelected { [weak model] in model?.sortOrder = SearchViewModel.SortOrder.allCases[$0] }
        searchButton.onClicked { [weak model] in model?.search() }
        cancelButton.onClicked { [weak model] in model?.cancel() }
        list.onActivate { [weak model] departure in model?.open(departure.id) }
        clearFiltersButton.onClicked { [weak model] in model?.clearFilters() }
        for (part, check) in zip(DepartureFilter.TimeOfDay.allCases, timeChecks) {
            check.onToggled { [weak model] on in model?.setTimeOfDay(part, shown: on) }
        }
        for (amenity, check) in zip(DepartureFilter.Amenity.allCases, amenityChecks) {
            check.onToggled { [weak model] on in model?.setAmenity(amenity, required: on) }
        }
        highestPrice.setAccessibleLabel(FilterWords.highestPrice)
        highestPrice.onChanged { [weak self] in
            guard let self else { return }
            model.enterHighestPrice(highestPrice.text)
        }
        for field in [adults, children, seniors] {
            field.addShortcut("Return|KP_Enter", beforeChildren: true) { [weak model, weak field] in
                field?.takeInText()
                model?.search()
            }
        }
        observe { [weak self] in self?.render() }
    }

    /// The Filter popover: operators, parts of the day, a highest price and amenities, each under
    /// its heading.
    private static func filterPanel(operators: Box, noOperators: Label, times: [CheckButton], price: Entry,
                                    currency: Label, priceProblem: Label, amenities: [CheckButton]) -> Widget {
        func heading(_ text: String) -> Label {
            let label = Label(text)
            label.addCSSClass("heading")
            label.xalign = 0
            return label
        }
        noOperators.addCSSClass("dim-label")
        noOperators.xalign = 0
        operators.append(noOperators)
        let hint = Label.caption(FilterWords.departureTimeHint)
        hint.xalign = 0
        priceProblem.addCSSClass("error")
        priceProblem.xalign = 0
        priceProblem.wraps = true
        currency.addCSSClass("dim-label")
        // Two columns, so the whole panel fits under the button in a window 720 pixels high.
        let who = Box(.vertical, spacing: 6, [heading(FilterWords.operators), operators,
                                              heading(FilterWords.amenities)] + amenities)
        let when = Box(.vertical, spacing: 6, [heading(FilterWords.departureTime), hint] + times + [
            heading(FilterWords.highestPrice), Box(.horizontal, spacing: 6, [price, currency]), priceProblem])
        let panel = Box(.horizontal, spacing: 18, [who, when])
        panel.setMargins(8)
        return panel
    }

    /// The day the calendar highlights becomes the form's: the date shown is the date searched.
    private func takeCalendarDay() {
        let day = calendar.day
        model.date = LocalDate(year: day.year, month: day.month, day: day.day)
    }

    /// Puts the keyboard in the form's first field (Ctrl+F).
    func focusForm() {
        model.closeDetails()
        origin.grabFocus()
    }

    private func render() {
        origin.selected = model.cities.firstIndex(of: model.origin) ?? 0
        destination.selected = model.cities.firstIndex(of: model.destination) ?? 0
        calendar.day = (model.date.year, model.date.month, model.date.day)
        dateButton.label = model.dateText
        adults.value = model.adults
        children.value = model.children
        seniors.value = model.seniors
        currency.selected = SearchViewModel.currencies.firstIndex(of: model.currency) ?? 0
        language.selected = SearchViewModel.languages.firstIndex { $0.0 == model.language } ?? 0
        sort.selected = SearchViewModel.SortOrder.allCases.firstIndex(of: model.sortOrder) ?? 0
        problem.text = model.problem ?? ""
        problem.isVisible = model.problem != nil
        searchButton.isSensitive = model.canSearch

        progress.text = model.progress
        progress.tooltip = model.leftOutDetails
        progressSpinner.isSpinning = model.isSearching
        progressSpinner.isVisible = model.isSearching
        cancelButton.isVisible = model.isSearching
        renderFilters()
        list.store.update(to: model.visibleRows)
        list.markKept(model.showsKept)
        status.show(model.screen, notice: model.notice)

        if let shown = model.details {
            details.show(shown)
            root.visibleChildName = "details"
        } else {
            root.visibleChildName = "results"
            details.clear()
        }
    }

    private func renderFilters() {
        filterButton.label = model.filterLabel
        filterButton.tooltip = model.filterTooltip
        clearFiltersButton.isVisible = model.canClearFilters
        if operatorChecks.map(\.choice.name) == model.operatorCounts.map(\.name) {
            // The same operators with new counts, as pages arrive: relabelled in place, so an open
            // popover keeps its focus.
            for (index, choice) in model.operatorCounts.enumerated() {
                operatorChecks[index].choice = choice
                operatorChecks[index].check.label = choice.label
            }
        } else {
            operatorsBox.removeAll()
            operatorChecks = model.operatorCounts.map { choice in
                let check = CheckButton(label: choice.label)
                check.isActive = model.filter.operators.contains(choice.name)
                check.onToggled { [weak model] on in model?.setOperator(choice.name, shown: on) }
                operatorsBox.append(check)
                return (choice, check)
            }
            if operatorChecks.isEmpty { operatorsBox.append(noOperators) }
        }
        for (choice, check) in operatorChecks { check.isActive = model.filter.operators.contains(choice.name) }
        for (part, check) in zip(DepartureFilter.TimeOfDay.allCases, timeChecks) {
            check.isActive = model.filter.timesOfDay.contains(part)
        }
        for (amenity, check) in zip(DepartureFilter.Amenity.allCases, amenityChecks) {
            check.isActive = model.filter.amenities.contains(amenity)
        }
        if highestPrice.text != model.highestPriceText { highestPrice.text = model.highestPriceText }
        priceCurrency.text = model.highestPriceCurrency
        priceProblem.text = model.highestPriceProblem ?? ""
        priceProblem.isVisible = model.highestPriceProblem != nil
    }
}

extension SearchViewModel.SortOrder {
    /// How the "Sort by" drop-down names the order, in the person's language.
    var displayName: String {
        switch self {
        case .departure: tr("Departure time")
        case .price: tr("Price")
        case .duration: tr("Duration")
        }
    }
}
