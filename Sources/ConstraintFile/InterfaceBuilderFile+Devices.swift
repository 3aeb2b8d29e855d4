import AutoLayout

/// A simulated device of Interface Builder's canvas (`<device id="retina4_7">`): the screen size,
/// and what the status bar or sensor housing and the home indicator cover, in portrait.
struct SimulatedDevice: Sendable {
    var size: Size
    /// The top inset of the safe area with the status bar shown (20, or the notch's height).
    var statusBar: Double
    /// The bottom inset of the home indicator (0 on devices with a home button).
    var homeIndicator: Double
    /// Whether the status bar height stays when IB hides the status bar (a notch).
    var hasNotch: Bool

    /// The side margins UIKit gives a view controller's root view or a cell's content view of
    /// a width: 16 on compact iPhones, 20 from the 414-point phones up
    /// (``ViewController/systemMinimumLayoutMargins(forWidth:)``).
    static func systemMargin(width: Double) -> Double { ViewController.systemMinimumLayoutMargins(forWidth: width).leading }

    /// The devices by IB id; unknown ids read as the 4.7-inch iPhone, as old files without a
    /// `<device>` were drawn.
    static func named(_ id: String?, landscape: Bool) -> SimulatedDevice {
        let known: [String: SimulatedDevice] = [
            "retina3_5": .init(size: Size(width: 320, height: 480), statusBar: 20, homeIndicator: 0, hasNotch: false),
            "retina4_0": .init(size: Size(width: 320, height: 568), statusBar: 20, homeIndicator: 0, hasNotch: false),
            "retina4_7": .init(size: Size(width: 375, height: 667), statusBar: 20, homeIndicator: 0, hasNotch: false),
            "retina5_5": .init(size: Size(width: 414, height: 736), statusBar: 20, homeIndicator: 0, hasNotch: false),
            "retina5_9": .init(size: Size(width: 375, height: 812), statusBar: 44, homeIndicator: 34, hasNotch: true),
            "retina6_1": .init(size: Size(width: 414, height: 896), statusBar: 44, homeIndicator: 34, hasNotch: true),
            "retina6_5": .init(size: Size(width: 414, height: 896), statusBar: 44, homeIndicator: 34, hasNotch: true),
            "retina5_4": .init(size: Size(width: 375, height: 812), statusBar: 50, homeIndicator: 34, hasNotch: true),
            "retina6_12": .init(size: Size(width: 390, height: 844), statusBar: 47, homeIndicator: 34, hasNotch: true),
            "retina6_7": .init(size: Size(width: 428, height: 926), statusBar: 47, homeIndicator: 34, hasNotch: true),
            "ipad9_7": .init(size: Size(width: 768, height: 1024), statusBar: 20, homeIndicator: 0, hasNotch: false),
            "ipad10_2": .init(size: Size(width: 810, height: 1080), statusBar: 20, homeIndicator: 0, hasNotch: false),
            "ipad10_5": .init(size: Size(width: 834, height: 1112), statusBar: 20, homeIndicator: 0, hasNotch: false),
            "ipad11": .init(size: Size(width: 834, height: 1194), statusBar: 24, homeIndicator: 20, hasNotch: true),
            "ipad12_9": .init(size: Size(width: 1024, height: 1366), statusBar: 20, homeIndicator: 0, hasNotch: false),
        ]
        var device = known[id ?? ""] ?? known["retina4_7"]!
        if landscape {
            device.size = Size(width: device.size.height, height: device.size.width)
            // Phones hide the status bar in landscape; the notch moves to a side.
            if device.size.height < 500 { device.statusBar = 0; device.homeIndicator = device.hasNotch ? 21 : 0 }
        }
        return device
    }
}
