#import <UIKit/UIKit.h>

@interface AppDelegate : UIResponder <UIApplicationDelegate>

@property (strong, nonatomic) UIWindow *window;
/// YES while the video screen shows.
@property (nonatomic, assign) BOOL allowRotation;

@end
