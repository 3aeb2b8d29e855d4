// `autolayout-bench feed`: the LayoutKit feed item (../shared/spec/feed-item.md), fitted by width
// with a fresh view tree per item, with one reused sizing tree, and by hand-written arithmetic.
import AutoLayout
import Foundation

/// The texts of item `i`.
struct FeedItemData {
    var actionText, posterName, posterHeadline, posterTimestamp, posterComment, contentTitle, contentDomain, actorComment: String

    init(_ i: Int) {
        actionText = "action text \(i)"
        posterName = "poster name \(i)"
        posterHeadline = "poster title \(i) with some longer stuff"
        posterTimestamp = "poster timestamp \(i)"
        posterComment = "poster comment \(i)"
        contentTitle = "content title \(i)"
        contentDomain = "content domain \(i)"
        actorComment = "actor comment \(i)"
    }
}

/// The feed item's view tree, built with the visual format language as LayoutKit's benchmark does.
final class FeedItemView {
    let root = View()
    let actionLabel = Label(), optionsLabel = Label(text: "...")
    let posterImage = ImageView(image: Image(size: Size(width: 50, height: 50)))
    let posterName = Label(), posterHeadline = Label(), posterTime = Label(), posterComment = Label()
    let contentImage = ImageView(image: Image(size: Size(width: 350, height: 200)))
    let contentTitle = Label(), contentDomain = Label()
    let likeLabel = Label(text: "Like"), commentLabel = Label(text: "Comment"), shareLabel = Label(text: "Share")
    let actorImage = ImageView(image: Image(size: Size(width: 50, height: 50)))
    let actorComment = Label()

    init() {
        let topBar = View(), miniProfile = View(), miniContent = View(), socialActions = View(), comment = View()
        root.translatesAutoresizingMaskIntoConstraints = false
        posterHeadline.numberOfLines = 3
        for v in [optionsLabel, posterImage, actorImage] as [View] {
            v.setContentHuggingPriority(.required, for: .horizontal)
            v.setContentCompressionResistancePriority(.required, for: .horizontal)
        }
        func add(_ views: [String: View], to parent: View) {
            for name in views.keys.sorted() {
                views[name]!.translatesAutoresizingMaskIntoConstraints = false
                parent.addSubview(views[name]!)
            }
        }
        func vfl(_ formats: [String], _ views: [String: View]) {
            LayoutConstraint.activate(formats.flatMap {
                LayoutConstraint.constraints(withVisualFormat: $0, options: [], metrics: nil, views: views)
            })
        }
        let sections: [String: View] = ["topBar": topBar, "miniProfile": miniProfile, "miniContent": miniContent,
                                        "socialActions": socialActions, "comment": comment]
        add(sections, to: root)
        vfl(["V:|-0-[topBar]-0-[miniProfile]-0-[miniContent]-0-[socialActions]-0-[comment]-0-|"]
            + sections.keys.sorted().map { "H:|-0-[\($0)]-0-|" }, sections)

        let top: [String: View] = ["actionLabel": actionLabel, "optionsLabel": optionsLabel]
        add(top, to: topBar)
        vfl(["H:|-0-[actionLabel]-0-[optionsLabel]-0-|", "V:|-0-[actionLabel]-(>=0)-|", "V:|-0-[optionsLabel]-(>=0)-|"], top)

        let profile: [String: View] = ["posterImage": posterImage, "posterName": posterName, "posterHeadline": posterHeadline,
                                       "posterTime": posterTime, "posterComment": posterComment]
        add(profile, to: miniProfile)
        vfl(["V:|-0-[posterImage]-(>=0)-[posterComment]-0-|",
             "V:|-1-[posterName]-1-[posterHeadline]-1-[posterTime]-(>=3)-[posterComment]",
             "V:[posterImage]-(0@749)-[posterComment]",
             "H:|-0-[posterImage]-2-[posterName]-4-|", "H:[posterImage]-2-[posterHeadline]-4-|",
             "H:[posterImage]-2-[posterTime]-4-|", "H:|-0-[posterComment]-0-|"], profile)

        let content: [String: View] = ["contentImage": contentImage, "contentTitle": contentTitle, "contentDomain": contentDomain]
        add(content, to: miniContent)
        vfl(["V:|-0-[contentImage]-0-[contentTitle]-0-[contentDomain]-0-|", "H:|-0-[contentImage]-0-|",
             "H:|-0-[contentTitle]-0-|", "H:|-0-[contentDomain]-0-|"], content)

        let social: [String: View] = ["likeLabel": likeLabel, "commentLabel": commentLabel, "shareLabel": shareLabel]
        add(social, to: socialActions)
        vfl(["V:|-0-[likeLabel]-0-|", "V:|-0-[commentLabel]-0-|", "V:|-0-[shareLabel]-0-|"], social)
        LayoutConstraint.activate([
            LayoutConstraint(item: likeLabel, attribute: .leadingMargin, relatedBy: .equal, toItem: socialActions,
                             attribute: .leadingMargin, multiplier: 1, constant: 0),
            LayoutConstraint(item: commentLabel, attribute: .centerX, relatedBy: .equal, toItem: socialActions,
                             attribute: .centerX, multiplier: 1, constant: 0),
            LayoutConstraint(item: shareLabel, attribute: .trailingMargin, relatedBy: .equal, toItem: socialActions,
                             attribute: .trailingMargin, multiplier: 1, constant: 0),
        ])

        let bottom: [String: View] = ["actorImage": actorImage, "actorComment": actorComment]
        add(bottom, to: comment)
        vfl(["H:|-0-[actorImage]-0-[actorComment]-0-|", "V:|-0-[actorImage]-(>=0)-|", "V:|-0-[actorComment]-(>=0)-|",
             "V:[actorImage]-(0@749)-|"], bottom)
    }

    func configure(_ d: FeedItemData) {
        actionLabel.text = d.actionText
        posterName.text = d.posterName
        posterHeadline.text = d.posterHeadline
        posterTime.text = d.posterTimestamp
        posterComment.text = d.posterComment
        contentTitle.text = d.contentTitle
        contentDomain.text = d.contentDomain
        actorComment.text = d.actorComment
    }

    func fit(width: Double) -> Size {
        root.systemLayoutSizeFitting(Size(width: width, height: 0), withHorizontalFittingPriority: .required,
                                     verticalFittingPriority: .fittingSizeLevel)
    }
}

/// The same layout by hand: what a manual `sizeThatFits` would compute with the same text model.
func manualFeedItemHeight(_ d: FeedItemData, width: Double) -> Double {
    let model = MonospacedTextModel()
    let font = Font.systemFont(ofSize: 17)
    func lineHeight(_ text: String) -> Double {
        model.layout(text, font: font, width: nil, maximumLines: 1, lineBreakMode: .byTruncatingTail).size.height
    }
    let topBar = max(lineHeight(d.actionText), lineHeight("..."))
    let headline = model.layout(d.posterHeadline, font: font, width: width - 56, maximumLines: 3,
                                lineBreakMode: .byTruncatingTail).size.height
    let textColumn = 1 + lineHeight(d.posterName) + 1 + headline + 1 + lineHeight(d.posterTimestamp) + 3
    let miniProfile = max(50, textColumn) + lineHeight(d.posterComment)
    let miniContent = 200 + lineHeight(d.contentTitle) + lineHeight(d.contentDomain)
    let socialActions = max(lineHeight("Like"), lineHeight("Comment"), lineHeight("Share"))
    let comment = max(50, lineHeight(d.actorComment))
    return topBar + miniProfile + miniContent + socialActions + comment
}

/// Times the three ways for each count and width; prints one JSON line each and checks that the
/// engine's heights equal the manual ones.
func runFeedBenchmark(counts: [Int], widths: [Double], repeatCount: Int) {
    for width in widths {
        for n in counts {
            let data = (0..<n).map(FeedItemData.init)
            var fresh: [Double] = [], reused: [Double] = [], manual: [Double] = []
            /// Making and configuring a fresh item without fitting it: the fresh path's floor.
            var built: [Double] = []
            var heights: [Double] = [], freshHeights: [Double] = []
            // The manual and the reused ways run back to back, and the reused ratio is the
            // median of the repeats' ratios (as in `table`).
            var ratios: [Double] = []
            for _ in 0..<repeatCount {
                var start = now()
                var sink = 0.0
                for d in data { sink += manualFeedItemHeight(d, width: width) }
                manual.append((now() - start) / Double(n))

                let sizing = FeedItemView()
                heights = []
                start = now()
                for d in data {
                    sizing.configure(d)
                    heights.append(sizing.fit(width: width).height)
                }
                reused.append((now() - start) / Double(n))
                ratios.append(reused.last! / manual.last!)

                freshHeights.removeAll(keepingCapacity: true)
                start = now()
                for d in data {
                    let item = FeedItemView()
                    item.configure(d)
                    freshHeights.append(item.fit(width: width).height)
                }
                fresh.append((now() - start) / Double(n))

                var subviews = 0
                start = now()
                for d in data {
                    let item = FeedItemView()
                    item.configure(d)
                    subviews += item.root.subviews.count
                }
                built.append((now() - start) / Double(n))
                if subviews == 0 { fail("a feed item should hold its views", status: 1) }
                if sink.isNaN { print(sink) }
            }
            for (i, d) in data.enumerated() where heights[i] != manualFeedItemHeight(d, width: width) || freshHeights[i] != heights[i] {
                fail("feed item \(i) at width \(width): the engine gives \(heights[i]) reused and \(freshHeights[i]) fresh, by hand \(manualFeedItemHeight(d, width: width))", status: 1)
            }
            let m = median(manual), f = median(fresh), r = median(reused), b = median(built)
            print("{\"benchmark\":\"feed\",\"width\":\(jsonNumber(width)),\"items\":\(n),\"manual_us\":\(jsonNumber(m * 1e6)),\"fresh_us\":\(jsonNumber(f * 1e6)),\"fresh_unfitted_us\":\(jsonNumber(b * 1e6)),\"fresh_over_unfitted\":\(jsonNumber(f / b)),\"reused_us\":\(jsonNumber(r * 1e6)),\"fresh_over_manual\":\(jsonNumber(f / m)),\"reused_over_manual\":\(jsonNumber(median(ratios)))}")
        }
    }
}
