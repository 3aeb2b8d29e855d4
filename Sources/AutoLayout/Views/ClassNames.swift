/// UIKit's names for the framework's own classes, used in descriptions.
let uikitClassNames: [ObjectIdentifier: String] = [
    ObjectIdentifier(View.self): "UIView",
    ObjectIdentifier(LayoutGuide.self): "UILayoutGuide",
    ObjectIdentifier(Label.self): "UILabel",
    ObjectIdentifier(ImageView.self): "UIImageView",
    ObjectIdentifier(Button.self): "UIButton",
    ObjectIdentifier(ButtonLabel.self): "UIButtonLabel",
    ObjectIdentifier(Control.self): "UIControl",
    ObjectIdentifier(Switch.self): "UISwitch",
    ObjectIdentifier(Slider.self): "UISlider",
    ObjectIdentifier(SegmentedControl.self): "UISegmentedControl",
    ObjectIdentifier(ActivityIndicatorView.self): "UIActivityIndicatorView",
    ObjectIdentifier(PickerView.self): "UIPickerView",
    ObjectIdentifier(Stepper.self): "UIStepper",
    ObjectIdentifier(ProgressView.self): "UIProgressView",
    ObjectIdentifier(DatePicker.self): "UIDatePicker",
    ObjectIdentifier(StackView.self): "UIStackView",
    ObjectIdentifier(LayoutSpacer.self): "_UILayoutSpacer",
    ObjectIdentifier(CollectionViewCell.self): "UICollectionViewCell",
    ObjectIdentifier(CollectionViewListCell.self): "UICollectionViewListCell",
    ObjectIdentifier(TableViewCell.self): "UITableViewCell",
    ObjectIdentifier(TableViewCellContentView.self): "UITableViewCellContentView",
    ObjectIdentifier(ListContentView.self): "UIListContentView",
]

/// UIKit's name for the framework class `view` is or derives from (`UICollectionViewListCell`
/// for an app's list cell), as UIKit prints it after `baseClass =`.
func uikitBaseClassName(of view: View) -> String {
    var type: AnyClass? = Swift.type(of: view)
    while let t = type {
        if let name = uikitClassNames[ObjectIdentifier(t)] { return name }
        type = _getSuperclass(t)
    }
    return "UIView"
}
