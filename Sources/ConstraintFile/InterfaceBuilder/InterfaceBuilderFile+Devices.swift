import AutoLayout

/// The Xcode generation that saved an Interface Builder file, from its `toolsVersion` (Xcode
/// 12.0 writes 17156, Xcode 14.0 21225, Xcode 16 23504, Xcode 26 24412). Interface Builder's
/// simulated status bars and safe areas changed between generations, and the stored frames show
/// the ones of the Xcode that saved them.
struct ToolsGeneration: Sendable, Comparable {
    /// The leading number of `toolsVersion`; 0 when the file gives none.
    var build: Int

    /// Reads `toolsVersion="21701"` (or `"14313.18"`). `32700.99.1234`, which Xcode writes for
    /// some files it saves in development builds, reads as Xcode 16's: those files' stored
    /// frames follow Xcode 14 to 16's metrics (a 59-point status bar on the 6.1-inch iPhone 14 Pro).
    init(_ toolsVersion: String?) {
        let number = toolsVersion.flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
        build = number >= 30000 ? 23504 : number
    }

    /// Xcode 9.3 (toolsVersion 13771 on): table cells' content views with the system side
    /// margins and 11 above and below; before, 8 on every side.
    static let xcode9_3 = ToolsGeneration(build: 13771)
    /// Xcode 11 (toolsVersion 15000 on; Xcode 10.3 writes 14868, 11.0 15505): iOS 13's sheets,
    /// whose navigation bars IB draws at the top, without a status bar above them.
    static let xcode11 = ToolsGeneration(build: 15000)
    /// Xcode 10.3 (toolsVersion 14868) to 13: scenes on a phone without a notch drawn with no
    /// status bar (navigation bars stored at y 0, safe areas from the top: FreeOTP's, FirebaseUI's,
    /// Reusable's, Pulley's, ChatSecure's and FloatingPanel's storyboards); Xcode 10.2 (14490)
    /// and 14 draw 20 points.
    static let xcode10_3 = ToolsGeneration(build: 14868)
    /// Xcode 14 (toolsVersion 21000 on): notched phones' status bars as iOS 16 draws them; before,
    /// Interface Builder drew 44 points on every notched iPhone (the stored frames of Xcode 12
    /// and 13 files for the 6.1- and 6.7-inch iPhone 12 models show 44, Xcode 15's show 47).
    static let xcode14 = ToolsGeneration(build: 21000)
    /// Xcode 14.3 (toolsVersion 21701 on; 15.0 writes 22154): the iPhone 11's status bar as
    /// iOS 14 on draws it (48, not 44): Onion Browser's 21701 browsing view and JTAppleCalendar's
    /// and MarqueeLabel's 22154 storyboards draw their safe areas and top guides from 48,
    /// twilio's 21208 storyboard from 44.
    static let xcode14_3 = ToolsGeneration(build: 21700)
    /// Xcode 26 (toolsVersion 24000 on): a view controller's safe area reaches twice the status
    /// bar's height below the top and twice the home indicator's above the bottom. Observed on
    /// every controller of the Xcode 26 files in the shared corpus (DataDog's, Sentry's and
    /// NetNewsWire's storyboards: 118 on the 6.1-inch iPhone 14 Pro, 96 on the iPhone 11, 68
    /// above the home indicator); their navigation bars, stored 54 tall at y 118, agree.
    static let xcode26 = ToolsGeneration(build: 24000)

    init(build: Int) { self.build = build }

    static func < (a: ToolsGeneration, b: ToolsGeneration) -> Bool { a.build < b.build }
}

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
    /// The safe area's left and right insets: a notched phone in landscape keeps its sensor
    /// housing's portrait height clear on both sides, as UIKit's safe area does (xDrip4iOS's
    /// landscape storyboard on the 6.1-inch iPhone 12: content 47 points in from each side).
    var sideInset = 0.0
    /// The size classes UIKit gives the device in its orientation: an iPad is regular both
    /// ways; an iPhone is compact-width and regular-height in portrait; in landscape it is
    /// compact-height, and regular-width from 414 points wide in portrait (the Plus, Max, XR
    /// and 11 classes), compact-width below (Apple's Human Interface Guidelines, *Layout*,
    /// device size classes).
    var traits: InterfaceBuilderFile.Traits

    /// One device: its portrait size, and its status bar from Xcode 14 on (`statusBar`), from
    /// Xcode 14.3 when that differs (`fromXcode14_3`), and before Xcode 14 (44 on every notched
    /// phone).
    private struct Entry {
        var width: Double, height: Double, statusBar: Double, homeIndicator: Double
        var fromXcode14_3: Double? = nil
    }

    /// The devices by IB id. Sizes are Apple's screen sizes in points (Human Interface
    /// Guidelines, *Layout*, device screen sizes); status bars are the safe-area tops of iOS 16
    /// (the 5.8-inch iPhone X class 50, the 6.1-inch iPhone 12 class 47, the iPhone 14 Pro class
    /// 59, the iPhone 16 Pro class 62) as the corpus's stored frames show them; the iPhone XR
    /// and 11 (`retina6_1`) keep 44 in Interface Builder up to Xcode 14.2 and get iOS 14's 48
    /// from Xcode 14.3 (Xcode 14.3's, 15's and 26's files; the `32700.99.1234` files of Google's
    /// ads samples and FloatingPanel draw their navigation bars at 48 and their safe areas from
    /// there).
    private static let known: [String: Entry] = [
        "retina3_5": Entry(width: 320, height: 480, statusBar: 20, homeIndicator: 0),
        "retina4_0": Entry(width: 320, height: 568, statusBar: 20, homeIndicator: 0),
        "retina4_7": Entry(width: 375, height: 667, statusBar: 20, homeIndicator: 0),
        "retina5_5": Entry(width: 414, height: 736, statusBar: 20, homeIndicator: 0),
        "retina5_9": Entry(width: 375, height: 812, statusBar: 50, homeIndicator: 34),
        "retina5_4": Entry(width: 375, height: 812, statusBar: 50, homeIndicator: 34),
        "retina6_1": Entry(width: 414, height: 896, statusBar: 44, homeIndicator: 34, fromXcode14_3: 48),
        "retina6_5": Entry(width: 414, height: 896, statusBar: 44, homeIndicator: 34),
        "retina6_0": Entry(width: 390, height: 844, statusBar: 47, homeIndicator: 34),
        "retina6_7": Entry(width: 428, height: 926, statusBar: 47, homeIndicator: 34),
        "retina6_12": Entry(width: 393, height: 852, statusBar: 59, homeIndicator: 34),
        "retina6_72": Entry(width: 430, height: 932, statusBar: 59, homeIndicator: 34),
        "retina6_3": Entry(width: 402, height: 874, statusBar: 62, homeIndicator: 34),
        "retina6_9": Entry(width: 440, height: 956, statusBar: 62, homeIndicator: 34),
        "ipad9_7": Entry(width: 768, height: 1024, statusBar: 20, homeIndicator: 0),
        "ipad10_2": Entry(width: 810, height: 1080, statusBar: 20, homeIndicator: 0),
        "ipad10_5": Entry(width: 834, height: 1112, statusBar: 20, homeIndicator: 0),
        "ipad10_9rounded": Entry(width: 820, height: 1180, statusBar: 24, homeIndicator: 20),
        "ipad11": Entry(width: 834, height: 1194, statusBar: 24, homeIndicator: 20),
        "ipad12_9": Entry(width: 1024, height: 1366, statusBar: 20, homeIndicator: 0),
        "ipad12_9rounded": Entry(width: 1024, height: 1366, statusBar: 24, homeIndicator: 20),
    ]

    /// The device of an IB id as the Xcode generation that saved the file drew it; unknown ids
    /// read as the 4.7-inch iPhone, as old files without a `<device>` were drawn.
    static func named(_ id: String?, landscape: Bool, tools: ToolsGeneration = ToolsGeneration(build: 0)) -> SimulatedDevice {
        let entry = known[id ?? ""] ?? known["retina4_7"]!
        let hasNotch = entry.homeIndicator > 0
        var statusBar = entry.statusBar
        if hasNotch, tools < .xcode14, entry.width < 500 { statusBar = 44 }
        if tools >= .xcode14_3, let value = entry.fromXcode14_3 { statusBar = value }
        let isPad = entry.width >= 700
        let traits = InterfaceBuilderFile.Traits(horizontal: isPad || (landscape && entry.width >= 414) ? .regular : .compact,
                                                 vertical: isPad || !landscape ? .regular : .compact)
        var device = SimulatedDevice(size: Size(width: entry.width, height: entry.height), statusBar: statusBar,
                                     homeIndicator: entry.homeIndicator, hasNotch: hasNotch, traits: traits)
        if landscape {
            device.size = Size(width: device.size.height, height: device.size.width)
            // Phones hide the status bar in landscape; the notch moves to a side.
            if device.size.height < 500 {
                device.sideInset = device.hasNotch ? device.statusBar : 0
                device.statusBar = 0
                device.homeIndicator = device.hasNotch ? 21 : 0
            }
        }
        return device
    }
}
