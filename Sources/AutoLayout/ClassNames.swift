/// UIKit's names for the framework's own classes, used in descriptions.
let uikitClassNames: [ObjectIdentifier: String] = [
    ObjectIdentifier(View.self): "UIView",
    ObjectIdentifier(LayoutGuide.self): "UILayoutGuide",
    ObjectIdentifier(Label.self): "UILabel",
    ObjectIdentifier(ImageView.self): "UIImageView",
    ObjectIdentifier(Button.self): "UIButton",
    ObjectIdentifier(ButtonLabel.self): "UIButtonLabel",
    ObjectIdentifier(Control.self): "UIControl",
    ObjectIdentifier(StackView.self): "UIStackView",
    ObjectIdentifier(LayoutSpacer.self): "_UILayoutSpacer",
    ObjectIdentifier(CollectionViewCell.self): "UICollectionViewCell",
    ObjectIdentifier(CollectionViewListCell.self): "UICollectionViewListCell",
    ObjectIdentifier(TableViewCell.self): "UITableViewCell",
    ObjectIdentifier(TableViewCellContentView.self): "UITableViewCellContentView",
    ObjectIdentifier(ListContentView.self): "UIListContentView",
]
