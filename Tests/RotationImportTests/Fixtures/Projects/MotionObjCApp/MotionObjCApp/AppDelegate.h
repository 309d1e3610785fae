#import <UIKit/UIKit.h>

// A fixture written for Rotation Lab's tests: the app delegate's mask is a property its launch
// sets, and the screens change.
@interface AppDelegate : UIResponder <UIApplicationDelegate>
@property (strong, nonatomic) UIWindow *window;
@property (nonatomic, assign) UIInterfaceOrientationMask mask;
@end
