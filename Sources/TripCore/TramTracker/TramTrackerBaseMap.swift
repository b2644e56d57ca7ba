extension BaseMap {
    /// Central Melbourne: the Yarra from Docklands past the Botanic Gardens, and landmarks near
    /// the demo's tram stops. Tripboard's own coarse drawing.
    public static let melbourne = BaseMap(
        rivers: [River(name: "Yarra River", width: 90, course: [
            (-37.8262, 144.9400), (-37.8243, 144.9445), (-37.8230, 144.9500), (-37.8222, 144.9546),
            (-37.8211, 144.9590), (-37.8207, 144.9624), (-37.8200, 144.9648), (-37.8190, 144.9683),
            (-37.8194, 144.9722), (-37.8205, 144.9762), (-37.8222, 144.9805), (-37.8245, 144.9845),
            (-37.8272, 144.9872), (-37.8300, 144.9890), (-37.8330, 144.9900),
        ])],
        landmarks: KnownPlaces.melbourne + [
            KnownPlace(name: "Flinders Street Station", coordinate: Coordinate(latitude: -37.8183, longitude: 144.9671)),
            KnownPlace(name: "Southern Cross Station", coordinate: Coordinate(latitude: -37.8183, longitude: 144.9525)),
            KnownPlace(name: "Queen Victoria Market", coordinate: Coordinate(latitude: -37.8076, longitude: 144.9568)),
            KnownPlace(name: "State Library Victoria", coordinate: Coordinate(latitude: -37.8098, longitude: 144.9652)),
            KnownPlace(name: "Melbourne Museum", coordinate: Coordinate(latitude: -37.8033, longitude: 144.9717)),
            KnownPlace(name: "Royal Botanic Gardens", coordinate: Coordinate(latitude: -37.8304, longitude: 144.9796)),
            KnownPlace(name: "Melbourne Cricket Ground", coordinate: Coordinate(latitude: -37.8200, longitude: 144.9834)),
        ])
}
