#import <UIKit/UIKit.h>

@interface HomeViewController : UIViewController
@end

@interface VideoViewController : UIViewController
@end
