#import <UIKit/UIKit.h>

@interface MainTabBarController : UITabBarController
@end

@interface HomeViewController : UIViewController
@end

@interface SettingsViewController : UIViewController
@end

@interface PlayerViewController : UIViewController
@end
