import Testing
@testable import AutoLayout

@Suite struct ImageViewTests {
    @Test func symbolsAreSizedAtTheBodyStyle() {
        let star = Image(systemName: "star.fill")
        #expect(star?.size == Size(width: 17, height: 17))
        #expect(star?.name == "star.fill" && star?.isSymbolImage == true)
        #expect(star?.symbolConfiguration == .default)
        #expect(Image.SymbolConfiguration.default.pointSize == Font.preferredFont(forTextStyle: .body).pointSize)
        #expect(Image(systemName: "") == nil)
        #expect(Image(size: Size(width: 4, height: 4)).isSymbolImage == false)
    }

    @Test func configurationsSetTheSize() {
        let big = Image(systemName: "heart", withConfiguration: .init(pointSize: 28, weight: .bold))
        #expect(big?.size == Size(width: 28, height: 28))
        #expect(big?.symbolConfiguration?.weight == .bold)
        #expect(Image(systemName: "heart", withConfiguration: .init(textStyle: .caption1))?.size == Size(width: 12, height: 12))
        #expect(Image(systemName: "heart", withConfiguration: .init(font: .systemFont(ofSize: 40)))?.size.width == 40)
        #expect(Image(systemName: "heart", withConfiguration: .init(weight: .light))?.size.width == 17)
        #expect(Image(systemName: "heart", withConfiguration: nil) == Image(systemName: "heart"))
        let resized = Image(systemName: "heart")!.withConfiguration(.init(textStyle: .largeTitle))
        #expect(resized.size == Size(width: 34, height: 34) && resized.name == "heart")
        let plain = Image(size: Size(width: 5, height: 6))
        #expect(plain.withConfiguration(.init(pointSize: 30)) == plain)
    }

    @Test func aSymbolSizesItsImageView() {
        let icon = ImageView(image: Image(systemName: "person.circle"))
        let root = makeRoot(icon)
        LayoutConstraint.activate([icon.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                   icon.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        #expect(icon.frame == Rect(x: 0, y: 0, width: 17, height: 17))
    }
}
